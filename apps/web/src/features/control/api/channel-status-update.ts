import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelGroupUpdateChannelStatus } from '@wattboard/contract';
import type { ChannelAction } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '@/lib/api-client';
import { failureText } from '@/lib/roles';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { withChannelActions } from '../model/group-data';
import { channelGroupKey } from './channel-group';
import type { ChannelGroups } from './channel-group';
import { optimisticCallbacks } from './optimistic';

export type ChannelStatusUpdate = { channelScheduleId: number; action: ChannelAction }[];

export function updateChannelStatus(
  channelUpdateList: ChannelStatusUpdate,
  factoryId = CALLERS_FACTORY,
) {
  return callApi(channelGroupUpdateChannelStatus, { factoryId, channelUpdateList });
}

/** ?action=updateChannelStatus: a channel's action (on / auto / timer / off), optimistic. */
export function useChannelStatusUpdate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const email = useSession()?.email ?? '';
  return useMutation({
    mutationKey: ['channel-group-update', 'updateChannelStatus'],
    mutationFn: (updates: ChannelStatusUpdate) => updateChannelStatus(updates),
    ...optimisticCallbacks<ChannelStatusUpdate, ChannelGroups>(
      queryClient,
      () => channelGroupKey(email),
      withChannelActions,
      {
        success: t('control.toast.actionSaved'),
        failure: (error) => failureText(error, t, 'control.toast.actionFailed'),
      },
    ),
  });
}
