import { useId } from 'react';
import type { ChannelListEntry } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { channelDisplayName } from '@/lib/channel-names';
import { isCalendarDate } from '@/lib/page-params';

export type ToolbarChange = {
  deviceId?: number;
  startDate?: string;
  endDate?: string;
  channelId?: number | null;
};

interface ReportToolbarProps {
  meters: readonly ChannelListEntry[];
  meterId: number;
  startDate: string;
  endDate: string;
  today: string;
  /** The meter's circuits once a report call has answered. */
  channels: readonly ChannelListEntry[];
  channelId: number | null;
  onChange: (change: ToolbarChange) => void;
}

/** Meter, start and end day (factory-local), and Channel Select (one circuit or all). */
export function ReportToolbar(props: ReportToolbarProps) {
  const { meters, meterId, startDate, endDate, today, channels, channelId, onChange } = props;
  const { t, i18n } = useTranslation();
  const id = useId();
  const editDate = (end: 'startDate' | 'endDate', value: string) => {
    if (!isCalendarDate(value)) return;
    // Crossing the other end moves it along, so the range stays ordered and the latest choice wins.
    if (end === 'startDate')
      onChange({ startDate: value, ...(value > endDate ? { endDate: value } : {}) });
    else onChange({ endDate: value, ...(value < startDate ? { startDate: value } : {}) });
  };
  return (
    <div className="wb-report-toolbar">
      <div className="wb-field">
        <label className="wb-field__label" htmlFor={`${id}-meter`}>
          {t('pages.report.meter')}
        </label>
        <select
          id={`${id}-meter`}
          className="wb-select"
          value={String(meterId)}
          onChange={(event) => onChange({ deviceId: Number(event.target.value), channelId: null })}
        >
          {meters.map((meter) => (
            <option key={meter.id} value={meter.id}>
              {channelDisplayName(meter, i18n.language)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="wb-report-range">
        <legend className="wb-visually-hidden">{t('pages.report.range.label')}</legend>
        {(['startDate', 'endDate'] as const).map((end) => (
          <div className="wb-field" key={end}>
            <label className="wb-field__label" htmlFor={`${id}-${end}`}>
              {t(end === 'startDate' ? 'pages.report.range.start' : 'pages.report.range.end')}
            </label>
            <input
              id={`${id}-${end}`}
              className="wb-input"
              type="date"
              value={end === 'startDate' ? startDate : endDate}
              max={today}
              required
              onChange={(event) => editDate(end, event.target.value)}
            />
          </div>
        ))}
      </fieldset>
      <div className="wb-field">
        <label className="wb-field__label" htmlFor={`${id}-channel`}>
          {t('pages.report.channelSelect')}
        </label>
        <select
          id={`${id}-channel`}
          className="wb-select"
          value={channelId === null ? '' : String(channelId)}
          onChange={(event) =>
            onChange({ channelId: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">{t('pages.report.allChannels')}</option>
          {channels.map((channel) => (
            <option key={channel.id} value={channel.id}>
              {channelDisplayName(channel, i18n.language)}
            </option>
          ))}
          {channelId !== null && !channels.some((channel) => channel.id === channelId) && (
            <option value={channelId}>#{channelId}</option>
          )}
        </select>
      </div>
    </div>
  );
}
