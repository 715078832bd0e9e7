import type { DataChangeHandlers, DataChangeListener } from './db.ts';

/**
 * What this process knows of each factory's data: a counter per factory that
 * the data-change feed moves, and an epoch that moves when the feed said
 * "everything" (a TRUNCATE, or a reconnection after notifications may have
 * been lost). An answer computed under a stamp is current while the stamp is.
 */
export class DataChanges implements DataChangeHandlers {
  #versions = new Map<number, number>();
  #epoch = 0;
  #listener: DataChangeListener | null = null;

  changed(factoryId: number): void {
    this.#versions.set(factoryId, (this.#versions.get(factoryId) ?? 0) + 1);
  }

  everything(): void {
    this.#epoch += 1;
    this.#versions.clear();
  }

  attach(listener: DataChangeListener): void {
    this.#listener = listener;
  }

  /**
   * The factory's stamp once every change committed before the call is
   * counted; null without a working feed, when nothing may be cached.
   */
  async stamp(factoryId: number): Promise<string | null> {
    if (!this.#listener) return null;
    try {
      await this.#listener.fence();
    } catch {
      return null;
    }
    return `${this.#epoch}.${this.#versions.get(factoryId) ?? 0}`;
  }

  async close(): Promise<void> {
    const listener = this.#listener;
    this.#listener = null;
    // The database may be closed first; its listener then has nothing left to end.
    await listener?.close().catch(() => undefined);
  }
}
