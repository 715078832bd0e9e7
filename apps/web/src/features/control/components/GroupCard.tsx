import { useTranslation } from 'react-i18next';
import type { ChannelScheduleItem } from '@wattboard/contract';
import type { FactoryTimeBase } from '@wattboard/zone-time';
import { EmptyState } from '@/components/QueryStates';
import { Card } from '@/components/ui/Card';
import { groupDisplayName } from '@/lib/channel-names';
import { useGroupStatusUpdate } from '../api/group-status-update';
import { useOperate } from '../hooks/use-control-permissions';
import type { GroupData, GroupWithChannels } from '../model/group-data';
import { movableGroups } from '../model/group-data';
import { groupMethods, methodKey } from '../model/status';
import { ChannelRow } from './ChannelRow';

interface GroupCardProps {
  entry: GroupWithChannels;
  data: GroupData;
  timeBase: FactoryTimeBase | null;
  onOpenSchedule: (channel: ChannelScheduleItem) => void;
}

/** A channel group: its master switch, then its channels. */
export function GroupCard({ entry, data, timeBase, onOpenSchedule }: GroupCardProps) {
  const { t, i18n } = useTranslation();
  const setStatus = useGroupStatusUpdate();
  const operate = useOperate();
  const { group, channels } = entry;
  const groupName = groupDisplayName(group, i18n.language);
  return (
    <Card
      title={groupName}
      className="wb-ctl-group"
      headerClassName="wb-ctl-group__header"
      testId={`group-${group.channelGroupId}`}
      actions={
        <>
          {groupMethods(channels).map((method) => (
            <span key={method} className="wb-badge">
              {t(methodKey(method) ?? '')}
            </span>
          ))}
          <span className="wb-card__meta">{t('control.channels', { count: channels.length })}</span>
          <button
            type="button"
            role="switch"
            aria-checked={group.isOn}
            aria-label={t('control.masterOf', { name: groupName })}
            aria-describedby={operate.describedBy}
            disabled={!operate.allowed}
            className={`wb-ctl-switch${group.isOn ? ' wb-ctl-switch--on' : ''}`}
            onClick={() =>
              setStatus.mutate([{ channelGroupId: group.channelGroupId, isOn: !group.isOn }])
            }
          >
            <span className="wb-ctl-switch__track" aria-hidden="true">
              <span className="wb-ctl-switch__thumb" />
            </span>
            <span>
              {t('control.master')}: {t(`control.status.${group.isOn ? 'on' : 'off'}`)}
            </span>
          </button>
        </>
      }
    >
      {!group.isOn && <p className="wb-ctl-warning">{t('control.masterOffNote')}</p>}
      {channels.length === 0 ? (
        <EmptyState text={t('control.noChannels')} />
      ) : (
        <ul className="wb-ctl-channels">
          {channels.map((channel) => (
            <ChannelRow
              key={channel.channelScheduleId}
              channel={channel}
              groupIsOn={group.isOn}
              groups={movableGroups(data, channel)}
              timeBase={timeBase}
              onOpenSchedule={onOpenSchedule}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
