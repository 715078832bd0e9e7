import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePageParams } from '@/lib/hooks/use-page-params';
import { readReportParams } from '../model/report-params';

type ParamName = 'deviceId' | 'startDate' | 'endDate' | 'view' | 'interval' | 'channelId';
type ParamChange = Partial<Record<ParamName, string | number | null>>;

/**
 * The page's state lives in the URL: deviceId, startDate and endDate as the
 * sidebar link sets them (spec §2), plus view, interval and channelId, so a
 * reload or a shared link shows the same table. null removes a parameter;
 * other parameters (is_dev, lng) are kept.
 */
export function useReportParams() {
  const page = usePageParams();
  const [search, setSearch] = useSearchParams();
  const own = useMemo(() => readReportParams(search), [search]);
  const update = useCallback(
    (change: ParamChange, options: { replace?: boolean } = {}) =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(change)) {
            if (value === null) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options.replace ?? false },
      ),
    [setSearch],
  );
  return {
    params: { deviceId: page.deviceId, startDate: page.startDate, endDate: page.endDate, ...own },
    update,
  };
}
