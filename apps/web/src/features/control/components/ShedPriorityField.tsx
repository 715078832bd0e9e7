import { useTranslation } from 'react-i18next';
import { useDemandStatus } from '@/lib/queries/demand-status';
import { useShedPriorityUpdate } from '../api/shed-priority-update';
import { usePrioritize } from '../hooks/use-control-permissions';

/** Priorities offered: 1 is shed first. */
const PRIORITIES = Array.from({ length: 10 }, (_, i) => i + 1);

/** A channel's shed priority (demand management) and whether it is shed now. */
export function ShedPriorityField({ channelId, name }: { channelId: number; name: string }) {
  const { t } = useTranslation();
  const status = useDemandStatus();
  const update = useShedPriorityUpdate();
  const prioritize = usePrioritize();
  const channel = status.data?.channels.find((c) => c.channelScheduleId === channelId);
  if (!channel) return null;
  return (
    <>
      <select
        className="wb-select"
        aria-label={t('demand.priorityOf', { name })}
        value={channel.shedPriority ?? ''}
        disabled={update.isPending || !prioritize.allowed}
        aria-describedby={prioritize.describedBy}
        onChange={(event) =>
          update.mutate({
            channelScheduleId: channelId,
            shedPriority: event.target.value === '' ? null : Number(event.target.value),
          })
        }
      >
        <option value="">{t('demand.neverShed')}</option>
        {PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {t('demand.priority', { priority })}
          </option>
        ))}
      </select>
      {channel.shed && (
        <span className="wb-badge" data-testid="channel-shed">
          {t('demand.shedBadge')}
        </span>
      )}
    </>
  );
}
