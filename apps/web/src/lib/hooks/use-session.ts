import { useMemo, useSyncExternalStore } from 'react';
import type { StoredSession } from '@wattboard/contract';
import { SESSION_CHANGED_EVENT, readSession } from '../session';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(SESSION_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(SESSION_CHANGED_EVENT, onChange);
  };
}

// A string snapshot compares by value, so React re-renders only on real changes.
function snapshot(): string {
  return JSON.stringify(readSession());
}

/** The stored session (or null), kept current across tabs. */
export function useSession(): StoredSession | null {
  const raw = useSyncExternalStore(subscribe, snapshot, snapshot);
  return useMemo(() => JSON.parse(raw) as StoredSession | null, [raw]);
}
