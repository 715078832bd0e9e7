// The dev-tools feature's public surface: the app routes the test screen (dev mode only).
export { SignalRTestPage } from './components/SignalRTestPage';
