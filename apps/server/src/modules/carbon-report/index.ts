// What other modules may use of the carbon-report module: lint forbids reaching past this file.
export { carbonReportRoutes } from './routes.ts';
