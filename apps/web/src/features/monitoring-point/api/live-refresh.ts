import type { QueryKey } from '@tanstack/react-query';
import { ALARM_LIST_KEY } from './alarm-list';
import { CONSUMPTION_KEY } from './consumption-query';
import { COST_NODE_KEY } from './cost-node';
import { MONITOR_DEVICE_KEY } from './monitor-device';
import { POWER_DETAIL_KEY } from './power-detail';

interface KeyInput {
  deviceId?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  segmentInfo?: { dateRange?: { startDate?: unknown; endDate?: unknown } };
}

function includesDay(start: unknown, end: unknown, day: string): boolean {
  return typeof start === 'string' && typeof end === 'string' && start <= day && day <= end;
}

/**
 * Which of the page's queries a new reading of `deviceId` makes stale.
 * The device's latest values and alarm states always; the energy chart and
 * the consumption totals only when their range includes the factory's
 * today, since a reading never changes a day that is over.
 */
export function refreshesOnReading(queryKey: QueryKey, deviceId: number, today: string): boolean {
  const [root, raw] = queryKey;
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as KeyInput;
  if (input.deviceId !== deviceId) return false;
  switch (root) {
    case MONITOR_DEVICE_KEY:
    case ALARM_LIST_KEY:
      return true;
    case POWER_DETAIL_KEY:
    case COST_NODE_KEY:
      return includesDay(input.startDate, input.endDate, today);
    case CONSUMPTION_KEY:
      return includesDay(
        input.segmentInfo?.dateRange?.startDate,
        input.segmentInfo?.dateRange?.endDate,
        today,
      );
    default:
      return false;
  }
}
