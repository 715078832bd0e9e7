import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmUpdate } from '@wattboard/contract';
import type { AlarmSetting } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { alarmListKeyRoot } from './alarm-list';

export interface AlarmUpdateRequest {
  deviceId: number;
  alarms: AlarmSetting[];
}

export function updateAlarms(request: AlarmUpdateRequest) {
  return callApi(alarmUpdate, request);
}

/**
 * POST /v1/Web/Setting/Alarm/Update. Settles after the node's list has been
 * refetched, so the card shows what the server now holds.
 */
export function useAlarmUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['alarm-update'],
    mutationFn: updateAlarms,
    onSuccess: (_answer, request) =>
      queryClient.invalidateQueries({
        queryKey: alarmListKeyRoot,
        predicate: (query) => {
          const input = query.queryKey[1] as { deviceId?: number } | undefined;
          return input?.deviceId === request.deviceId;
        },
      }),
  });
}
