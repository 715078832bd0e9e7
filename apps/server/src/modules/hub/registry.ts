import { isRecipient, type HubBroadcast } from './broadcast.ts';
import { closesClient, type CloseTarget } from './close-order.ts';
import type { HubClient } from './hub-client.ts';

/**
 * This instance's connections: connection ids in use (from the upgrade on, so
 * a second socket for the same id is refused) and the open ones by factory
 * (the factory "groups").
 */
export class ConnectionRegistry {
  readonly #idsInUse = new Set<string>();
  readonly #byFactory = new Map<number, Set<HubClient>>();
  #openCount = 0;

  /** Claims an id for a socket being set up; false when it already has one. */
  reserve(connectionId: string): boolean {
    if (this.#idsInUse.has(connectionId)) return false;
    this.#idsInUse.add(connectionId);
    return true;
  }

  /** Frees an id whose upgrade did not go through. */
  release(connectionId: string): void {
    this.#idsInUse.delete(connectionId);
  }

  /** After the handshake: the connection joins its factory's group. */
  join(client: HubClient): void {
    const group = this.#byFactory.get(client.factoryId) ?? new Set<HubClient>();
    if (group.has(client)) return;
    group.add(client);
    this.#byFactory.set(client.factoryId, group);
    this.#openCount += 1;
  }

  /** The socket closed: leave the group and free the id. */
  leave(client: HubClient): void {
    this.#idsInUse.delete(client.connectionId);
    const group = this.#byFactory.get(client.factoryId);
    if (!group?.delete(client)) return;
    this.#openCount -= 1;
    if (group.size === 0) this.#byFactory.delete(client.factoryId);
  }

  get openCount(): number {
    return this.#openCount;
  }

  /** The factories with an open connection here. */
  factoryIds(): number[] {
    return [...this.#byFactory.keys()];
  }

  /** Every open connection. */
  *all(): Generator<HubClient> {
    for (const group of this.#byFactory.values()) yield* group;
  }

  /** The open connections a close order is for (a scan: sign-outs are rare). */
  *matching(target: CloseTarget): Generator<HubClient> {
    for (const client of this.all()) {
      if (closesClient(target, client)) yield client;
    }
  }

  /** The open connections a broadcast is for. */
  *recipients(broadcast: HubBroadcast): Generator<HubClient> {
    const candidates =
      broadcast.scope === 'factory'
        ? (this.#byFactory.get(broadcast.factoryId ?? -1) ?? [])
        : this.all();
    for (const client of candidates) {
      if (isRecipient(broadcast, client)) yield client;
    }
  }
}
