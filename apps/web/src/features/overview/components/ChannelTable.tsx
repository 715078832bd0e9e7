import type { ChannelListEntry } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { channelDisplayName, channelTypeKey } from '@/lib/channel-names';

export function ChannelTable({ channels }: { channels: readonly ChannelListEntry[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="wb-table-wrap">
      <table className="wb-table">
        <thead>
          <tr>
            <th scope="col">{t('channel.name')}</th>
            <th scope="col">{t('channel.type')}</th>
            <th scope="col" className="wb-num">
              {t('channel.id')}
            </th>
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => {
            const typeKey = channelTypeKey(channel.type);
            return (
              <tr key={channel.id}>
                <td>{channelDisplayName(channel, i18n.language)}</td>
                <td>
                  {typeKey ? t(typeKey) : channel.type}
                  {channel.isVirtual && channel.type !== 'virtual' && (
                    <span className="wb-badge wb-badge--inline">{t('channel.virtual')}</span>
                  )}
                </td>
                <td className="wb-num">{channel.id}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
