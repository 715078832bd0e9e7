import type { DataChangeHandlers, DataChangeListener } from './db.ts';

/** Where the feed stood at an instant: what a read made after it can be checked against. */
export interface DataChangeMark {
  epoch: number;
  seq: number;
}

/**
 * What this process knows of each factory's data: the sequence number of the
 * last notification that named it, and an epoch that moves when the feed said
 * "everything" (a TRUNCATE, or a reconnection after notifications may have
 * been lost). An answer computed under a stamp is current while the stamp is.
 */
export class DataChanges implements DataChangeHandlers {
  #seq = 0;
  #changedAt = new Map<number, number>();
  #epoch = 0;
  #listener: DataChangeListener | null = null;

  changed(factoryId: number): void {
    this.#seq += 1;
    this.#changedAt.set(factoryId, this.#seq);
  }

  everything(): void {
    this.#epoch += 1;
    this.#seq += 1;
    this.#changedAt.clear();
  }

  attach(listener: DataChangeListener): void {
    this.#listener = listener;
  }

  /**
   * Resolves true once every change committed before the call is counted;
   * false without a working feed, when nothing may be kept or served.
   */
  async settle(): Promise<boolean> {
    if (!this.#listener) return false;
    try {
      await this.#listener.fence();
      return true;
    } catch {
      return false;
    }
  }

  /** The factory's stamp as counted so far (call after settle()). */
  stampNow(factoryId: number): string {
    return `${this.#epoch}.${this.#changedAt.get(factoryId) ?? 0}`;
  }

  /** The feed's position now: take it before a read whose factory is not known yet. */
  mark(): DataChangeMark {
    return { epoch: this.#epoch, seq: this.#seq };
  }

  /** Whether nothing of the factory changed since the mark was taken. */
  unchangedSince(mark: DataChangeMark, factoryId: number): boolean {
    return mark.epoch === this.#epoch && (this.#changedAt.get(factoryId) ?? 0) <= mark.seq;
  }

  /**
   * The factory's stamp once every change committed before the call is counted
   * (or before `settled`, a fence this request already waited for); null
   * without a working feed.
   */
  async stamp(factoryId: number, settled = false): Promise<string | null> {
    if (!settled && !(await this.settle())) return null;
    return this.stampNow(factoryId);
  }

  async close(): Promise<void> {
    const listener = this.#listener;
    this.#listener = null;
    // The database may be closed first; its listener then has nothing left to end.
    await listener?.close().catch(() => undefined);
  }
}
