import { useId, useState } from 'react';
import type { MonitorDeviceResponse } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/QueryStates';
import { channelDisplayName } from '@/lib/channel-names';
import { ChannelCard } from './ChannelCard';

const ALL = 'all';

/**
 * The node and its direct children, one card each; "Channel Select" narrows
 * the view to one of them (handy on a phone). The choice is local to the
 * page visit: the URL keeps only the page's own parameters.
 */
export function ChannelGrid({ device }: { device: MonitorDeviceResponse }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState<string>(ALL);
  const channels = device.channelList;
  const chosen = channels.filter((channel) => choice === ALL || String(channel.id) === choice);
  const shown = chosen.length > 0 ? chosen : channels;

  if (channels.length === 0) return <EmptyState text={t('monitoringPoint.channels.empty')} />;
  return (
    <>
      <div className="wb-field wb-mp-channel-select">
        <label className="wb-field__label" htmlFor={id}>
          {t('monitoringPoint.channels.select')}
        </label>
        <select
          id={id}
          className="wb-select"
          value={chosen.length > 0 ? choice : ALL}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value={ALL}>{t('monitoringPoint.channels.all')}</option>
          {channels.map((channel) => (
            <option key={channel.id} value={String(channel.id)}>
              {channelDisplayName(channel, i18n.language)}
            </option>
          ))}
        </select>
      </div>
      <div className="wb-mp-channels">
        {shown.map((channel) => (
          <ChannelCard key={channel.id} channel={channel} />
        ))}
      </div>
    </>
  );
}
