import type { HubClient } from './hub-client';

/**
 * DECISION (for the lead's log): after `@microsoft/signalr` gives up (0, 2, 10,
 * 30 s) — or the first start fails — the client tries again
 *   - at once when the tab becomes visible or the browser comes back online, and
 *   - every REVIVE_EVERY_MS while the tab is visible and the browser online.
 * The timer is what keeps a wall-mounted dashboard alive: its tab never changes
 * visibility and its network never goes "offline" while a server deploy or an
 * outage outlasts the 42 s of the reconnect policy. Hidden tabs do not poll
 * (a factory can leave many open); they catch up when shown. A deliberate stop
 * (sign-out, the test screen's Stop) is never revived.
 */
export const REVIVE_EVERY_MS = 60_000;

export interface RevivalSignals {
  isVisible(): boolean;
  isOnline(): boolean;
  /** Calls back when the tab becomes visible or the browser goes online; returns an unsubscribe. */
  onWake(listener: () => void): () => void;
}

export function browserRevivalSignals(): RevivalSignals {
  return {
    isVisible: () => document.visibilityState === 'visible',
    isOnline: () => navigator.onLine,
    onWake(listener) {
      const onVisibility = () => {
        if (document.visibilityState === 'visible') listener();
      };
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('online', listener);
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('online', listener);
      };
    },
  };
}

/** Keeps trying to bring a wanted connection back after the reconnect policy has given up. */
export function attachRevival(
  client: HubClient,
  signals: RevivalSignals = browserRevivalSignals(),
): () => void {
  const isDead = () => client.getState() === 'Disconnected' && client.wantsConnection();

  const tryAgain = () => {
    if (!isDead() || !signals.isVisible() || !signals.isOnline()) return;
    // A failure is already logged by the client; the next wake or tick tries again.
    client.start().catch(() => {});
  };

  const timer = setInterval(tryAgain, REVIVE_EVERY_MS);
  const stopWaking = signals.onWake(tryAgain);
  return () => {
    clearInterval(timer);
    stopWaking();
  };
}
