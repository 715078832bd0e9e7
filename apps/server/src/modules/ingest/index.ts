// What other modules may use of the ingest module: lint forbids reaching past this file.
export { invalidateIngestNodes, loadIngestNodes } from './repo/ingest-nodes.ts';
export { DEFAULT_TOPIC_PREFIX, readingTopic } from './mqtt-topic.ts';
