// What other modules may use of the anomalies module: lint forbids reaching past this file.
// Anomaly events (issue #27, decision 0082); app.ts registers plugin.ts itself.
export { ANOMALY_TARGET } from './calc/draft.ts';
export { DEFAULT_ANOMALY_RULE, type AnomalyRule } from './calc/detect.ts';
