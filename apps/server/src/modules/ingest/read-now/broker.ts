import { randomUUID } from 'node:crypto';
import type { GatewayReadRequest, ReadNowOutcome } from '@wattboard/contract/gateway-config';

/** At most this many "read now" requests wait for one gateway; more answer `busy`. */
export const READ_NOW_MAX_PENDING = 4;

interface Pending {
  request: GatewayReadRequest;
  gatewayId: number;
  /** Handed to the gateway's long poll; its answer is awaited. */
  handed: boolean;
  settle: (outcome: ReadNowOutcome | 'offline') => void;
}

/**
 * "Read now" between Admin and a gateway (decision 0088), in this server process: Admin's call
 * asks, the gateway's long poll (`next`) takes the request, its result call (`answer`) settles it.
 * Tenant-safe by the gateway id: a request is only handed to, and only answered by, the gateway
 * it was asked of (the ids come from the factory-checked Admin call and from the key). Bounded:
 * every request expires after its timeout (Admin then hears "offline"), at most
 * READ_NOW_MAX_PENDING per gateway.
 */
export class ReadNowBroker {
  private readonly pending = new Map<string, Pending>();
  private readonly waiters = new Map<number, Set<(request: GatewayReadRequest | null) => void>>();

  /** Asks a gateway to read; settles with its outcome, `offline` after timeoutMs, or `busy`. */
  ask(
    gatewayId: number,
    read: Omit<GatewayReadRequest, 'requestId'>,
    timeoutMs: number,
  ): Promise<ReadNowOutcome | 'offline' | 'busy'> {
    const queued = [...this.pending.values()].filter((p) => p.gatewayId === gatewayId);
    if (queued.length >= READ_NOW_MAX_PENDING) return Promise.resolve('busy');
    const request: GatewayReadRequest = { requestId: randomUUID(), ...read };
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(request.requestId);
        resolve('offline');
      }, timeoutMs);
      const entry: Pending = {
        request,
        gatewayId,
        handed: false,
        settle: (outcome) => {
          clearTimeout(timer);
          this.pending.delete(request.requestId);
          resolve(outcome);
        },
      };
      this.pending.set(request.requestId, entry);
      this.handOut(gatewayId);
    });
  }

  /**
   * The gateway's long poll: a request not yet handed out, at once or within waitMs; null when
   * none came. `onAbandon` registers a cleanup for a poll whose connection closes.
   */
  next(
    gatewayId: number,
    waitMs: number,
    onAbandon: (cleanup: () => void) => void,
  ): Promise<GatewayReadRequest | null> {
    const ready = this.take(gatewayId);
    if (ready || waitMs <= 0) return Promise.resolve(ready);
    return new Promise((resolve) => {
      const set = this.waiters.get(gatewayId) ?? new Set();
      this.waiters.set(gatewayId, set);
      const done = (request: GatewayReadRequest | null) => {
        clearTimeout(timer);
        set.delete(waiter);
        if (set.size === 0) this.waiters.delete(gatewayId);
        resolve(request);
      };
      const waiter = (request: GatewayReadRequest | null) => done(request);
      const timer = setTimeout(() => done(null), waitMs);
      set.add(waiter);
      onAbandon(() => done(null));
    });
  }

  /** The gateway's answer; false when the request expired or is not this gateway's. */
  answer(gatewayId: number, requestId: string, outcome: ReadNowOutcome): boolean {
    const entry = this.pending.get(requestId);
    if (!entry || entry.gatewayId !== gatewayId || !entry.handed) return false;
    entry.settle(outcome);
    return true;
  }

  /** Answers every waiting long poll with nothing (the server is closing). */
  releaseWaiters(): void {
    for (const set of [...this.waiters.values()]) for (const waiter of [...set]) waiter(null);
  }

  /** Requests waiting or being read (for tests and metrics). */
  get size(): number {
    return this.pending.size;
  }

  private take(gatewayId: number): GatewayReadRequest | null {
    for (const entry of this.pending.values()) {
      if (entry.gatewayId === gatewayId && !entry.handed) {
        entry.handed = true;
        return entry.request;
      }
    }
    return null;
  }

  private handOut(gatewayId: number): void {
    const set = this.waiters.get(gatewayId);
    if (!set || set.size === 0) return;
    const waiter = set.values().next().value!;
    const request = this.take(gatewayId);
    if (request) waiter(request);
  }
}

// One broker per server: the Admin calls and the gateway's calls are registered in different
// plugin scopes, which share the HTTP server.
const brokers = new WeakMap<object, ReadNowBroker>();
export function readNowBroker(app: { server: object }): ReadNowBroker {
  let broker = brokers.get(app.server);
  if (!broker) {
    broker = new ReadNowBroker();
    brokers.set(app.server, broker);
  }
  return broker;
}
