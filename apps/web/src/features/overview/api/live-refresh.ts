import type { QueryKey } from '@tanstack/react-query';
import { CONSUME_RATIO_KEY } from './consume-ratio';
import { COST_SUMMARY_KEY } from './cost-summary';
import { DEMAND_STATUS_KEY } from '@/lib/queries/demand-status';
import { OVERVIEW_KEY } from './overview';
import { POWER_CHART_KEY } from './power-chart';

interface KeyInput {
  date?: unknown;
  startDate?: unknown;
  endDate?: unknown;
}

/**
 * Which of the page's queries a push (a new reading, an alarm) makes stale:
 * the Overview always; the power chart and the comparison only when they
 * show the factory's today, since a push never changes a day that is over.
 */
export function refreshesOnPush(queryKey: QueryKey, today: string): boolean {
  const [root, raw] = queryKey;
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as KeyInput;
  switch (root) {
    case OVERVIEW_KEY:
    case COST_SUMMARY_KEY:
    case DEMAND_STATUS_KEY:
      return true;
    case POWER_CHART_KEY:
      return input.date === today;
    case CONSUME_RATIO_KEY:
      return (
        typeof input.startDate === 'string' &&
        typeof input.endDate === 'string' &&
        input.startDate <= today &&
        today <= input.endDate
      );
    default:
      return false;
  }
}
