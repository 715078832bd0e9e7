import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelGroupUpdateStatus } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '@/lib/api-client';
import { failureText } from '@/lib/roles';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { withGroupStatus } from '../model/group-data';
import { channelGroupKey } from './channel-group';
import type { ChannelGroups } from './channel-group';
import { optimisticCallbacks } from './optimistic';

export type GroupStatusUpdate = { channelGroupId: number; isOn: boolean }[];

export function updateGroupStatus(groupUpdateList: GroupStatusUpdate, factoryId = CALLERS_FACTORY) {
  return callApi(channelGroupUpdateStatus, { factoryId, groupUpdateList });
}

/** ?action=updateGroupStatus: master switches, shown at once and rolled back on failure. */
export function useGroupStatusUpdate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const email = useSession()?.email ?? '';
  return useMutation({
    mutationKey: ['channel-group-update', 'updateGroupStatus'],
    mutationFn: (updates: GroupStatusUpdate) => updateGroupStatus(updates),
    ...optimisticCallbacks<GroupStatusUpdate, ChannelGroups>(
      queryClient,
      () => channelGroupKey(email),
      withGroupStatus,
      {
        success: t('control.toast.groupSaved'),
        failure: (error) => failureText(error, t, 'control.toast.groupFailed'),
      },
    ),
  });
}
