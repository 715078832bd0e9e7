import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { usePageParams } from '@/lib/hooks/use-page-params';
import type { PageParams } from '@/lib/page-params';

type ParamChange = Partial<Record<keyof PageParams, string | number>>;

/**
 * The page's state lives in the URL (deviceId, startDate, endDate,
 * resolution): reading applies spec §2's defaults, and every change writes
 * the URL, so a reload or a shared link shows the same view. Other query
 * parameters (is_dev, lng) are kept.
 */
export function useMonitoringParams() {
  const params = usePageParams();
  const [, setSearch] = useSearchParams();
  const update = useCallback(
    (change: ParamChange, options: { replace?: boolean } = {}) =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(change)) next.set(key, String(value));
          return next;
        },
        { replace: options.replace ?? false },
      ),
    [setSearch],
  );
  return { params, update };
}
