import type { IngestNode } from './check-reading.ts';

/**
 * How long a looked-up node is trusted. The Admin page invalidates on its own
 * changes; this bounds what another server instance's change (or a direct SQL
 * edit) can leave stale here.
 */
export const NODE_CACHE_TTL_MS = 5 * 60_000;

interface Entry {
  node: IngestNode;
  at: number;
}

/**
 * The serial → node answers of earlier batches, per factory (issue #9: the
 * lookup was one more query per batch, ~1/3 of a raw insert). Only FOUND nodes
 * are kept: an unknown serial is asked again every time, so a meter added a
 * moment ago is accepted at once.
 */
export class IngestNodeCache {
  readonly #factories = new Map<number, Map<string, Entry>>();
  readonly #now: () => number;
  readonly #ttlMs: number;

  constructor(options: { now?: () => number; ttlMs?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#ttlMs = options.ttlMs ?? NODE_CACHE_TTL_MS;
  }

  /** The cached nodes among `serials`, and the serials that must be asked for. */
  lookup(
    factoryId: number,
    serials: readonly string[],
  ): { found: Map<string, IngestNode>; missing: string[] } {
    const entries = this.#factories.get(factoryId);
    const now = this.#now();
    const found = new Map<string, IngestNode>();
    const missing: string[] = [];
    for (const serial of new Set(serials)) {
      const entry = entries?.get(serial);
      if (entry && now - entry.at < this.#ttlMs) found.set(serial, entry.node);
      else missing.push(serial);
    }
    return { found, missing };
  }

  /** Remembers nodes the database just returned. */
  remember(factoryId: number, nodes: Iterable<IngestNode>): void {
    let entries = this.#factories.get(factoryId);
    if (!entries) {
      entries = new Map();
      this.#factories.set(factoryId, entries);
    }
    const at = this.#now();
    for (const node of nodes) entries.set(node.serial, { node, at });
  }

  /** Forgets one factory's nodes (a node added, moved, rewired or deleted), or every factory's. */
  invalidate(factoryId?: number): void {
    if (factoryId === undefined) this.#factories.clear();
    else this.#factories.delete(factoryId);
  }
}
