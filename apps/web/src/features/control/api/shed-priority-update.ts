import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shedPriorityUpdate } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { callApi } from '@/lib/api-client';
import { failureText } from '@/lib/roles';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { demandStatusKey } from '@/lib/queries/demand-status';

export interface ShedPriorityChange {
  channelScheduleId: number;
  /** 1 is shed first; null = never shed. */
  shedPriority: number | null;
}

export function updateShedPriority(change: ShedPriorityChange, factoryId = CALLERS_FACTORY) {
  return callApi(shedPriorityUpdate, { factoryId, ...change });
}

/** POST /v1/Channel/ShedPriority/Update: the answer is the new demand status. */
export function useShedPriorityUpdate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const email = useSession()?.email ?? '';
  return useMutation({
    mutationKey: ['shed-priority-update'],
    mutationFn: (change: ShedPriorityChange) => updateShedPriority(change),
    onSuccess: (answer) => {
      queryClient.setQueryData(demandStatusKey(email), answer.demand);
      toast.success(t('demand.toast.prioritySaved'));
    },
    onError: (error) => toast.error(failureText(error, t, 'demand.toast.priorityFailed')),
  });
}
