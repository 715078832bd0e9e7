import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportEnergy } from '@wattboard/contract';
import type { EnergyInterval } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { canQueryMeter, rangeFields, retryUnlessAnswered } from './query-policy';
import type { ReportSelection } from './query-policy';

export const REPORT_ENERGY_KEY = 'report-energy';

export interface EnergySelection extends ReportSelection {
  interval: EnergyInterval;
}

export function reportEnergyQueryOptions(email: string, selection: EnergySelection) {
  return queryOptions({
    queryKey: [REPORT_ENERGY_KEY, { email, ...selection }] as const,
    queryFn: () =>
      callApi(reportEnergy, { ...rangeFields(selection), interval: selection.interval }),
    enabled: () => canQueryMeter(selection.meterId),
    retry: retryUnlessAnswered,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Forward, reverse and net kWh, CO2, max and average kW per channel and interval (rollups). */
export function useReportEnergy(selection: EnergySelection) {
  const session = useSession();
  return useQuery(reportEnergyQueryOptions(session?.email ?? '', selection));
}
