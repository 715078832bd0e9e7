import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelScheduleUpdate, scheduleUpdate } from '@wattboard/contract';
import type { SelectedOption } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '@/lib/api-client';
import { failureText } from '@/lib/roles';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { channelScheduleKey } from './channel-schedule';
import type { ChannelScheduleData } from './channel-schedule';
import { optimisticCallbacks } from './optimistic';

export interface ScheduleUpdateRequest {
  channelScheduleId: number;
  selectedOption?: SelectedOption;
  /** Only the changed parts, as the form holds them (water marks may be text). */
  scheduleUpdate?: { timer?: number[][]; auto?: unknown[] };
}

export function updateSchedule(request: ScheduleUpdateRequest, factoryId = CALLERS_FACTORY) {
  return callApi(channelScheduleUpdate, {
    factoryId,
    ...request,
    scheduleUpdate: request.scheduleUpdate as never,
  });
}

/** The cached answer with the update applied (parsed the way the server will parse it). */
export function withScheduleUpdate(
  data: ChannelScheduleData,
  request: ScheduleUpdateRequest,
): ChannelScheduleData {
  const parsed = request.scheduleUpdate
    ? scheduleUpdate.safeParse(request.scheduleUpdate)
    : undefined;
  return {
    optionInfo: request.selectedOption
      ? { ...data.optionInfo, selectedOption: request.selectedOption }
      : data.optionInfo,
    schedule: parsed?.success ? { ...data.schedule, ...parsed.data } : data.schedule,
  };
}

/**
 * POST /v1/Channel/Schedule/Update: the schedule editor's Save and the IR
 * controls; optimistic on the channel's cached schedule, rolled back on failure.
 */
export function useScheduleUpdate(kind: 'schedule' | 'options') {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const email = useSession()?.email ?? '';
  return useMutation({
    mutationKey: ['channel-schedule-update', kind],
    mutationFn: (request: ScheduleUpdateRequest) => updateSchedule(request),
    ...optimisticCallbacks<ScheduleUpdateRequest, ChannelScheduleData>(
      queryClient,
      (request) => channelScheduleKey(email, request.channelScheduleId),
      withScheduleUpdate,
      {
        success: t(
          kind === 'schedule' ? 'control.toast.scheduleSaved' : 'control.toast.optionSaved',
        ),
        failure: (error) =>
          failureText(
            error,
            t,
            kind === 'schedule' ? 'control.toast.scheduleFailed' : 'control.toast.optionFailed',
          ),
      },
    ),
  });
}
