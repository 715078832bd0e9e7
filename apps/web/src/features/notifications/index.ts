/** The notification bell, its panel and the alarm toasts. */
export { NotificationBell } from './components/NotificationBell';
export { AlertToasts } from './components/AlertToasts';
