import type { AnswerWindow } from './calc/answer-window.ts';

interface Entry {
  /** The factory's data stamp the answer was computed under. */
  stamp: string;
  window: AnswerWindow;
  /** The answer's fields without the envelope, as a JSON object. */
  json: string;
}

/** 32 MB of answers by default: a day's Monitor/Device answer is ~6 KB, a month's chart ~40 KB. */
export const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Monitor answers kept as JSON text, least recently used first out. An entry
 * is served only under the stamp it was computed with (no data of its factory
 * changed since) and inside its window (the clock has not moved it on);
 * anything else is dropped on sight. Sizes count UTF-16 code units, close
 * enough for a bound.
 */
export class AnswerCache {
  #entries = new Map<string, Entry>();
  #size = 0;

  readonly maxSize: number;

  constructor(maxSize: number = ANSWER_CACHE_BYTES) {
    this.maxSize = maxSize;
  }

  get size(): number {
    return this.#size;
  }

  get(key: string, stamp: string, now: number): string | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || now < entry.window.from || now >= entry.window.until) {
      this.#drop(key, entry);
      return undefined;
    }
    // Map keeps insertion order: moving the entry to the end makes it the most recent.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.json;
  }

  set(key: string, stamp: string, window: AnswerWindow, json: string): void {
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    if (json.length > this.maxSize) return;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#size + json.length <= this.maxSize) break;
      this.#drop(oldestKey, oldest);
    }
    this.#entries.set(key, { stamp, window, json });
    this.#size += json.length;
  }

  #drop(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#size -= entry.json.length;
  }
}
