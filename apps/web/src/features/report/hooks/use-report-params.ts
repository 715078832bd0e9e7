import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePageParams } from '@/lib/hooks/use-page-params';
import { useSearchUpdate } from '@/lib/hooks/use-search-update';
import { readReportParams } from '../model/report-params';

/**
 * The page's state lives in the URL: deviceId, startDate and endDate as the
 * sidebar link sets them, plus view, interval and channelId, so a
 * reload or a shared link shows the same table. null removes a parameter;
 * other parameters (is_dev, lng) are kept.
 */
export function useReportParams() {
  const page = usePageParams();
  const [search] = useSearchParams();
  const own = useMemo(() => readReportParams(search), [search]);
  const update = useSearchUpdate();
  return {
    params: { deviceId: page.deviceId, startDate: page.startDate, endDate: page.endDate, ...own },
    update,
  };
}
