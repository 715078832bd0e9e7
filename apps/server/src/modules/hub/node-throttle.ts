/**
 * Per-key leading and trailing throttle: the first offer of a key is sent at
 * once; offers within `windowMs` after a send are held, and the newest held
 * one is sent when the window ends. So a burst is one push now plus at most
 * one with its last value, and nothing is lost for longer than the window.
 */
export interface NodeThrottle<V> {
  offer(key: number, value: V): void;
  /** Drops held values and timers (shutdown). */
  close(): void;
}

export function createNodeThrottle<V>(
  windowMs: number,
  send: (key: number, value: V) => void,
  now: () => number = Date.now,
): NodeThrottle<V> {
  const lastSent = new Map<number, number>();
  const held = new Map<number, { value: V; timer: ReturnType<typeof setTimeout> }>();

  const sendNow = (key: number, value: V) => {
    lastSent.set(key, now());
    send(key, value);
  };

  return {
    offer(key, value) {
      const pending = held.get(key);
      if (pending) {
        pending.value = value;
        return;
      }
      const since = now() - (lastSent.get(key) ?? -Infinity);
      if (since >= windowMs) {
        sendNow(key, value);
        return;
      }
      const timer = setTimeout(() => {
        const entry = held.get(key);
        held.delete(key);
        if (entry) sendNow(key, entry.value);
      }, windowMs - since);
      timer.unref?.();
      held.set(key, { value, timer });
    },
    close() {
      for (const entry of held.values()) clearTimeout(entry.timer);
      held.clear();
      lastSent.clear();
    },
  };
}
