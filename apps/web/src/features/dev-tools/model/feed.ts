/** The test screen keeps the last 10 raw events and the last 20 log lines. */
export const RAW_EVENT_LIMIT = 10;
export const LOG_LINE_LIMIT = 20;

/** Appends `item` and keeps only the newest `limit` entries (oldest first). */
export function keepLatest<T>(items: readonly T[], item: T, limit: number): T[] {
  if (limit <= 0) return [];
  const next = [...items, item];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

export interface RawEvent {
  /** Increasing per screen, so React keys stay stable while old entries drop off. */
  seq: number;
  name: string;
  /** The payload as JSON text, as it arrived (before any parsing by the store). */
  payload: string;
  receivedAt: Date;
}

export interface LogLine {
  seq: number;
  text: string;
}

/** JSON text of a payload; whatever cannot be serialised is shown with String(). */
export function payloadText(payload: unknown): string {
  if (payload === undefined) return '';
  try {
    return JSON.stringify(payload) ?? String(payload);
  } catch {
    return String(payload);
  }
}

export function toRawEvent(
  seq: number,
  name: string,
  payload: unknown,
  receivedAt: Date,
): RawEvent {
  return { seq, name, payload: payloadText(payload), receivedAt };
}
