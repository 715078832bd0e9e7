import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelScheduleItem } from '@wattboard/contract';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { RoleNote } from '@/components/RoleNote';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useDemandStatus } from '@/lib/queries/demand-status';
import { useChannelGroups } from '../api/channel-group';
import { useControlLive } from '../hooks/use-control-live';
import {
  OPERATE_NOTE_ID,
  PRIORITIES_NOTE_ID,
  useOperate,
  usePrioritize,
} from '../hooks/use-control-permissions';
import { groupsWithChannels } from '../model/group-data';
import { DemandPanel } from './DemandPanel';
import { GroupCard } from './GroupCard';
import { ScheduleDialog } from './ScheduleDialog';
import './control.css';

/** /dashboard/control: channel groups with their master switches, channels and schedules. */
export function ControlPage() {
  const { t } = useTranslation();
  const live = useControlLive();
  const query = useChannelGroups({ live });
  const timeBase = useFactoryTimeBase();
  const [editing, setEditing] = useState<ChannelScheduleItem | null>(null);
  const data = query.data;
  const operate = useOperate();
  const prioritize = usePrioritize();
  // Priorities are offered only where demand management knows the channels (ShedPriorityField).
  const hasPriorities = (useDemandStatus().data?.channels.length ?? 0) > 0;

  return (
    <div className="wb-page wb-ctl">
      <h1 className="wb-page__title">{t('pages.control.title')}</h1>
      <p className="wb-page__intro">{t('control.intro')}</p>
      <RoleNote id={OPERATE_NOTE_ID} reason={operate.reason} />
      {hasPriorities && <RoleNote id={PRIORITIES_NOTE_ID} reason={prioritize.reason} />}
      {query.isPending && <LoadingState />}
      {query.isError && !data && <ErrorState onRetry={() => void query.refetch()} />}
      {data && data.groupList.length === 0 && <EmptyState text={t('control.empty')} />}
      {data && <DemandPanel />}
      {data && (
        <div className="wb-ctl-groups">
          {groupsWithChannels(data).map((entry) => (
            <GroupCard
              key={entry.group.channelGroupId}
              entry={entry}
              data={data}
              timeBase={timeBase}
              onOpenSchedule={setEditing}
            />
          ))}
        </div>
      )}
      {editing && <ScheduleDialog channel={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
