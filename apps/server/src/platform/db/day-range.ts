import { addDays, ZoneClock } from '@wattboard/zone-time';

/** [from, until) instants (ms) of factory-local days, both days inclusive; null = open. */
export interface InstantRange {
  from: number | null;
  until: number | null;
}

/** The Admin lists' day filters (yyyy-MM-dd, inclusive) as instants in the factory's zone. */
export function dayRangeInstants(
  days: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
): InstantRange {
  const clock = new ZoneClock(timeZone);
  return {
    from: days.from === undefined ? null : clock.startOfDay(days.from),
    until: days.to === undefined ? null : clock.startOfDay(addDays(days.to, 1)),
  };
}

/** Text for a LIKE pattern that matches itself literally (with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A WHERE clause built from optional filters, with numbered parameters.
 * `add('x = ?', value)` numbers the `?` placeholders in order.
 */
export class SqlFilter {
  readonly params: unknown[] = [];
  readonly #parts: string[] = [];

  constructor(initial: unknown[] = []) {
    this.params.push(...initial);
  }

  /** Adds a condition; each `?` takes the next value. */
  add(condition: string, ...values: unknown[]): this {
    let i = 0;
    const numbered = condition.replace(/\?/g, () => {
      if (i >= values.length) throw new Error(`missing value for "${condition}"`);
      this.params.push(values[i++]);
      return `$${this.params.length}`;
    });
    if (i !== values.length) throw new Error(`too many values for "${condition}"`);
    this.#parts.push(numbered);
    return this;
  }

  /** The next parameter's placeholder, after pushing its value (for LIMIT and the like). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get where(): string {
    return this.#parts.length === 0 ? 'TRUE' : this.#parts.join(' AND ');
  }
}
