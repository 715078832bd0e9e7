/** Topics start with this unless the plugin is given another prefix (tests use a unique one). */
export const DEFAULT_TOPIC_PREFIX = 'wattboard';

/** Instances in the same share group split the readings between them (MQTT 5 / Mosquitto 2). */
export const DEFAULT_SHARE_GROUP = 'wattboard';

/** `$share/{group}/{prefix}/+/meter/+/reading`: every factory's and meter's readings, shared. */
export function readingSubscription(prefix: string, shareGroup: string): string {
  return `$share/${shareGroup}/${prefix}/+/meter/+/reading`;
}

/** The topic a meter publishes on: `{prefix}/{factory}/meter/{serial}/reading`. */
export function readingTopic(prefix: string, factory: string | number, serial: string): string {
  return `${prefix}/${factory}/meter/${serial}/reading`;
}

export interface ReadingTopic {
  /** Factory id (digits) or slug, as the topic names it. */
  factory: string;
  meterSerial: string;
}

/**
 * Reads `{prefix}/{factory}/meter/{serial}/reading`; anything else is null.
 * The prefix may itself contain slashes.
 */
export function parseReadingTopic(topic: string, prefix: string): ReadingTopic | null {
  if (!topic.startsWith(`${prefix}/`)) return null;
  const parts = topic.slice(prefix.length + 1).split('/');
  if (parts.length !== 4 || parts[1] !== 'meter' || parts[3] !== 'reading') return null;
  const [factory, , meterSerial] = parts;
  if (!factory || !meterSerial) return null;
  return { factory, meterSerial };
}
