import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { channelAction } from '@wattboard/contract';
import type { ChannelScheduleItem } from '@wattboard/contract';
import { factoryNowMs } from '@wattboard/zone-time';
import type { FactoryTimeBase } from '@wattboard/zone-time';
import { channelDisplayName, groupDisplayName } from '@/lib/channel-names';
import { useChannelInfoUpdate } from '../api/channel-info-update';
import { useChannelStatusUpdate } from '../api/channel-status-update';
import { useOperate } from '../hooks/use-control-permissions';
import type { GroupEntry } from '../model/group-data';
import { confirmationTime, pendingSwitch } from '../model/status';
import { IrOptions } from './IrOptions';
import { ShedPriorityField } from './ShedPriorityField';

interface ChannelRowProps {
  channel: ChannelScheduleItem;
  /** The group's master switch (off holds every channel off). */
  groupIsOn: boolean;
  /** Groups of the same device type it could move to (itself included). */
  groups: readonly GroupEntry[];
  timeBase: FactoryTimeBase | null;
  onOpenSchedule: (channel: ChannelScheduleItem) => void;
}

/** One channel: name, action selector, reported status with its time, IR options, schedule. */
export function ChannelRow({
  channel,
  groupIsOn,
  groups,
  timeBase,
  onOpenSchedule,
}: ChannelRowProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const setAction = useChannelStatusUpdate();
  const move = useChannelInfoUpdate();
  const operate = useOperate();
  const name = channelDisplayName({ ...channel, id: channel.channelScheduleId }, i18n.language);
  const time = confirmationTime(
    channel.dtStatusReported,
    timeBase?.zone ?? null,
    timeBase ? factoryNowMs(timeBase, Date.now()) : Date.now(),
  );
  const statusTime = time
    ? t(channel.status === 'offline' ? 'control.lastConfirmed' : 'control.confirmedAt', { time })
    : null;
  const pending = pendingSwitch(channel, groupIsOn);
  const maybeIr = channel.controlMethod === undefined || channel.controlMethod === 'IR Control';

  return (
    <li className="wb-ctl-channel" data-testid={`channel-${channel.channelScheduleId}`}>
      <div className="wb-ctl-channel__main">
        <span className="wb-ctl-channel__name" id={`${id}-name`}>
          {name}
        </span>
        <span
          className={`wb-ctl-status wb-ctl-status--${channel.status}`}
          data-testid="channel-status"
        >
          <span className="wb-ctl-status__dot" aria-hidden="true" />
          {t(`control.status.${channel.status}`)}
          {statusTime && <small className="wb-ctl-status__time"> {statusTime}</small>}
        </span>
        {pending && (
          <span className="wb-ctl-pending" role="status" data-testid="channel-pending">
            {t(`control.pending.${pending}`)}
          </span>
        )}
      </div>
      <div className="wb-ctl-channel__controls">
        <select
          className="wb-select"
          aria-label={t('control.actionOf', { name })}
          aria-describedby={operate.describedBy}
          disabled={!operate.allowed}
          value={channel.action}
          onChange={(event) =>
            setAction.mutate([
              {
                channelScheduleId: channel.channelScheduleId,
                action: channelAction.parse(event.target.value),
              },
            ])
          }
        >
          {channelAction.options.map((action) => (
            <option key={action} value={action}>
              {t(`control.actions.${action}`)}
            </option>
          ))}
        </select>
        {groups.length > 1 && (
          <select
            className="wb-select"
            aria-label={t('control.moveTo', { name })}
            aria-describedby={operate.describedBy}
            disabled={!operate.allowed}
            value={channel.channelGroupId}
            onChange={(event) =>
              move.mutate([
                {
                  channelScheduleId: channel.channelScheduleId,
                  channelGroupId: Number(event.target.value),
                  action: channel.action,
                },
              ])
            }
          >
            {groups.map((group) => (
              <option key={group.channelGroupId} value={group.channelGroupId}>
                {groupDisplayName(group, i18n.language)}
              </option>
            ))}
          </select>
        )}
        <ShedPriorityField channelId={channel.channelScheduleId} name={name} />
        <button
          type="button"
          className="wb-button wb-button--secondary"
          aria-label={t('control.schedule.openFor', { name })}
          onClick={() => onOpenSchedule(channel)}
        >
          {t('control.schedule.open')}
        </button>
      </div>
      {maybeIr && <IrOptions channelScheduleId={channel.channelScheduleId} name={name} />}
    </li>
  );
}
