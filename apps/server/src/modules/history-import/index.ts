// What other modules may use of the history-import module: lint forbids reaching past this file.
export { historyImportRoutes, type HistoryImportOptions } from './routes.ts';
