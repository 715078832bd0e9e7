import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ChannelListEntry } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { channelDisplayName } from '@/lib/channel-names';

interface NodePickerProps {
  channels: readonly ChannelListEntry[];
  selectedId: number;
  onSelect: (id: number) => void;
}

/** Keys with which a closed select moves its value (arrows, paging, type-ahead letters). */
function movesByKeyboard(event: KeyboardEvent): boolean {
  return event.key !== 'Enter' && event.key !== 'Tab' && event.key !== 'Escape';
}

/**
 * Chooses the monitoring point; the page keeps the choice in the URL as deviceId.
 * A pick with the mouse or touch loads at once. From the keyboard, arrows and
 * type-ahead (its search) only move the choice; Enter (or leaving the field)
 * loads it, so walking past ten nodes does not load ten pages (issue #14), and
 * Escape goes back to the shown node.
 */
export function NodePicker({ channels, selectedId, onSelect }: NodePickerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [pending, setPending] = useState<number | null>(null);
  const keyboard = useRef(false);
  const known = channels.some((channel) => channel.id === selectedId);
  const shown = pending ?? (known ? selectedId : null);

  const commit = () => {
    if (pending !== null && pending !== selectedId) onSelect(pending);
    setPending(null);
  };

  return (
    <div className="wb-field wb-node-picker">
      <label className="wb-field__label" htmlFor={id}>
        {t('pages.monitoringPoint.nodePicker')}
      </label>
      <select
        id={id}
        className="wb-select"
        value={shown === null ? '' : String(shown)}
        aria-description={t('pages.monitoringPoint.nodePickerHint')}
        onPointerDown={() => (keyboard.current = false)}
        onKeyDown={(event) => {
          keyboard.current = movesByKeyboard(event);
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setPending(null);
        }}
        onBlur={commit}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (keyboard.current) setPending(next);
          else onSelect(next);
        }}
      >
        {shown === null && (
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
