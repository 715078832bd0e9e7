import { usePageParams } from '@/lib/hooks/use-page-params';
import { useSearchUpdate } from '@/lib/hooks/use-search-update';

/**
 * The page's state lives in the URL (deviceId, startDate, endDate,
 * resolution): reading applies the defaults (the factory's today, 15-minute resolution), and every change writes
 * the URL, so a reload or a shared link shows the same view. Other query
 * parameters (is_dev, lng) are kept.
 */
export function useMonitoringParams() {
  const params = usePageParams();
  const update = useSearchUpdate();
  return { params, update };
}
