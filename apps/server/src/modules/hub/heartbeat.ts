/**
 * One timer for every connection on this instance, as ASP.NET Core's hub has:
 * each tick, every connection checks its handshake deadline, its client's
 * silence, its keep-alive ping and its session's expiry against timestamps.
 * Three timers per connection (what this replaced) cost ~460 bytes each
 * connection at rest and a timer-list update on every message sent, which the
 * fan-out paid once per client.
 */
export interface HeartbeatMember {
  /** `now` is performance.now() at this tick, `wallNow` the epoch clock (session expiry). */
  beat(now: number, wallNow: number): void;
}

/** The tick: a quarter of the shortest limit, at most 1 s (a ping or a drop is at most that late). */
export function heartbeatPeriodMs(limitsMs: readonly number[]): number {
  return Math.min(1000, Math.max(10, Math.min(...limitsMs) / 4));
}

export class Heartbeat<M extends HeartbeatMember = HeartbeatMember> {
  readonly #members = new Set<M>();
  readonly #timer: NodeJS.Timeout;
  /**
   * performance.now() at the last tick: what a send is stamped with, so the
   * fan-out's hot path reads a field instead of the clock. A stamp up to a tick
   * old only brings a keep-alive ping that much earlier.
   */
  now = performance.now();

  constructor(periodMs: number, wallClock: () => number) {
    this.#timer = setInterval(() => this.#tick(wallClock()), periodMs).unref();
  }

  add(member: M): void {
    this.#members.add(member);
  }

  delete(member: M): void {
    this.#members.delete(member);
  }

  /** Every member (every socket, handshake done or not). */
  members(): M[] {
    return [...this.#members];
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #tick(wallNow: number): void {
    this.now = performance.now();
    for (const member of this.#members) member.beat(this.now, wallNow);
  }
}
