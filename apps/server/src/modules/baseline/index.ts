// What other modules may use of the baseline module: lint forbids reaching past this file.
export { baselineRoutes } from './routes.ts';
