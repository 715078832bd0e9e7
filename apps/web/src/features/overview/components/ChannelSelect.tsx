import { useTranslation } from 'react-i18next';
import { channelDisplayName } from '@/lib/channel-names';
import type { ChannelOption } from '../model/tree';

interface ChannelSelectProps {
  options: readonly ChannelOption[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}

/** Channel Select (multi): the tree's nodes as indented checkboxes, in a scrolling box. */
export function ChannelSelect({ options, selected, onChange }: ChannelSelectProps) {
  const { t, i18n } = useTranslation();
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((known) => known !== id));
  return (
    <fieldset className="wb-ov-channels">
      <legend className="wb-field__label">
        {t('overview.comparison.channels')}{' '}
        <span className="wb-ov-note">
          ({t('overview.comparison.selected', { count: selected.length })})
        </span>
      </legend>
      <div className="wb-ov-channels__box">
        {options.map((option) => (
          <label
            key={option.id}
            className="wb-ov-channels__option"
            style={{ paddingInlineStart: `${option.depth * 0.875}rem` }}
          >
            <input
              type="checkbox"
              checked={selected.includes(option.id)}
              onChange={(event) => toggle(option.id, event.target.checked)}
            />
            {channelDisplayName(option, i18n.language)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
