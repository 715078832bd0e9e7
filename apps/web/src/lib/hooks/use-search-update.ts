import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A parameter's new value; null removes it, undefined leaves it alone. */
export type SearchChange = Readonly<Record<string, string | number | null | undefined>>;

export interface SearchUpdateOptions {
  replace?: boolean;
}

/**
 * Writes changes into the URL's query, keeping every other parameter (is_dev,
 * lng). Each change builds on the previous one even before the router has
 * rendered it: react-router's own functional setSearchParams starts from the
 * query of the last render, so two quick changes (a start then an end date,
 * typed or filled in the same frame) would lose the first.
 */
export function useSearchUpdate() {
  const [search, setSearch] = useSearchParams();
  const latest = useRef(search);
  /** Queries asked for and not rendered yet, oldest first. */
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const rendered = search.toString();
    const at = pending.current.indexOf(rendered);
    if (at >= 0) {
      // One of ours caught up; newer ones may still be on their way, so latest stays ahead.
      pending.current.splice(0, at + 1);
      if (pending.current.length === 0) latest.current = search;
      return;
    }
    // A navigation we did not make (a link, the back button): start from it.
    pending.current = [];
    latest.current = search;
  }, [search]);
  return useCallback(
    (change: SearchChange, options: SearchUpdateOptions = {}) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(change)) {
        if (value === undefined) continue;
        if (value === null) next.delete(key);
        else next.set(key, String(value));
      }
      latest.current = next;
      pending.current.push(next.toString());
      setSearch(next, { replace: options.replace ?? false });
    },
    [setSearch],
  );
}
