import { useId } from 'react';
import type { ChannelListEntry } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { channelDisplayName } from '@/lib/channel-names';

interface NodePickerProps {
  channels: readonly ChannelListEntry[];
  selectedId: number;
  onSelect: (id: number) => void;
}

/** Chooses the monitoring point; the page keeps the choice in the URL as deviceId. */
export function NodePicker({ channels, selectedId, onSelect }: NodePickerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const known = channels.some((channel) => channel.id === selectedId);
  return (
    <div className="wb-field wb-node-picker">
      <label className="wb-field__label" htmlFor={id}>
        {t('pages.monitoringPoint.nodePicker')}
      </label>
      <select
        id={id}
        className="wb-select"
        value={known ? String(selectedId) : ''}
        onChange={(event) => onSelect(Number(event.target.value))}
      >
        {!known && (
          <option value="" disabled>
            {t('pages.monitoringPoint.noSelection')}
          </option>
        )}
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            {channelDisplayName(channel, i18n.language)}
          </option>
        ))}
      </select>
    </div>
  );
}
