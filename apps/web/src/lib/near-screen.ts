import { useCallback, useEffect, useState } from 'react';

/**
 * Calls `start` once the element is within a screen's reach: work for a part
 * below the fold (a chart's start-up, a long form) costs a first load nothing
 * until the person scrolls towards it (issue #14). Without IntersectionObserver
 * (old browsers, jsdom) it starts at once. Returns a stop.
 */
export function whenNearScreen(element: Element, start: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    start();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    // A little ahead of the screen's edge: the part is ready as it scrolls in.
    { rootMargin: '100px 0px' },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Whether the element given to the returned ref has come near the screen
 * (once true, it stays true).
 */
export function useNearScreen<T extends Element>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    return whenNearScreen(element, () => setNear(true));
  }, [element, near]);
  const ref = useCallback((next: T | null) => setElement(next), []);
  return [ref, near];
}
