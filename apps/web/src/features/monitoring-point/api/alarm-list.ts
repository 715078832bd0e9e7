import { queryOptions, useQuery } from '@tanstack/react-query';
import { alarmList } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { canQueryDevice, pollInterval, retryUnlessAnswered } from './query-policy';

export const ALARM_LIST_KEY = 'alarm-list';
/** Every alarm-list query; a save or a live reading of the node invalidates its entry. */
export const alarmListKeyRoot = [ALARM_LIST_KEY] as const;

export async function fetchAlarmList(deviceId: number) {
  const response = await callApi(alarmList, { deviceId });
  return response.list;
}

/** `live` only decides whether to poll; it is not an input of the answer, so not in the key. */
export function alarmListQueryOptions(email: string, deviceId: number, live = false) {
  return queryOptions({
    queryKey: [...alarmListKeyRoot, { email, deviceId }] as const,
    queryFn: () => fetchAlarmList(deviceId),
    enabled: () => canQueryDevice(deviceId),
    // Latest values and alarm states follow the readings, like the rest of the page.
    refetchInterval: pollInterval(live),
    retry: retryUnlessAnswered,
  });
}

/** POST /v1/Web/Setting/Alarm/List: the node's alarm settings with latest values and states. */
export function useAlarmList(deviceId: number, { live = false }: { live?: boolean } = {}) {
  const session = useSession();
  return useQuery(alarmListQueryOptions(session?.email ?? '', deviceId, live));
}
