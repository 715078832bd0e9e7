import { useSearchParams } from 'react-router';
import { todayFor } from '@wattboard/zone-time';
import { readPageParams } from '../page-params';
import type { PageParams } from '../page-params';
import { useFactoryTimeBase } from './use-factory-time';

/** The page's query parameters with their defaults (dates: today in the factory's zone). */
export function usePageParams(): PageParams {
  const [search] = useSearchParams();
  const timeBase = useFactoryTimeBase();
  return readPageParams(search, todayFor(timeBase, Date.now()));
}
