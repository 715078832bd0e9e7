import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelGroupUpdateInfo } from '@wattboard/contract';
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

export type ChannelInfoUpdate = {
  channelScheduleId: number;
  channelGroupId: number;
  action: ChannelAction;
}[];

export function updateChannelInfo(
  channelUpdateList: ChannelInfoUpdate,
  factoryId = CALLERS_FACTORY,
) {
  return callApi(channelGroupUpdateInfo, { factoryId, channelUpdateList });
}

/** ?action=updateChannelInfo: moves a channel to another group (with its action), optimistic. */
export function useChannelInfoUpdate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const email = useSession()?.email ?? '';
  return useMutation({
    mutationKey: ['channel-group-update', 'updateChannelInfo'],
    mutationFn: (updates: ChannelInfoUpdate) => updateChannelInfo(updates),
    ...optimisticCallbacks<ChannelInfoUpdate, ChannelGroups>(
      queryClient,
      () => channelGroupKey(email),
      withChannelActions,
      {
        success: t('control.toast.groupMoved'),
        failure: (error) => failureText(error, t, 'control.toast.groupMoveFailed'),
      },
    ),
  });
}
