import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While there are unsaved changes: the browser asks before the tab closes or
 * reloads, and an in-app navigation (Back, a sidebar link) is held so the
 * page can ask first. Returns the blocker: 'blocked' means ask, then
 * proceed() or reset().
 */
export function useUnsavedWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
}
