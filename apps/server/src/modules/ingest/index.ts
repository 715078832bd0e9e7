// What other modules may use of the ingest module: lint forbids reaching past this file.
export { invalidateIngestNodes, loadIngestNodes } from './repo/ingest-nodes.ts';
export { DEFAULT_TOPIC_PREFIX, readingTopic } from './mqtt-topic.ts';
// History import (issue #25): check and store without the readings feed, so history raises no alarms.
export { checkReadings, ingestReadings } from './ingest-readings.ts';
export { rejectionClass } from './rejection-class.ts';
