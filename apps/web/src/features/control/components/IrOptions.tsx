import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '@/lib/i18n';
import { useChannelSchedule } from '../api/channel-schedule';
import { useScheduleUpdate } from '../api/schedule-update';
import { useOperate } from '../hooks/use-control-permissions';
import { disabledSets, hasOptions, selectedChoiceIndex, selectOption } from '../model/options';

/**
 * An IR Control channel's mode / set-point / fan speed. A choice is sent at
 * once (optimistic); a set that does not apply in the chosen mode is disabled.
 */
export function IrOptions({
  channelScheduleId,
  name,
}: {
  channelScheduleId: number;
  name: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const query = useChannelSchedule(channelScheduleId);
  const update = useScheduleUpdate('options');
  const operate = useOperate();
  if (query.isError && !query.data)
    return <p className="wb-ctl-note">{t('control.options.loadFailed')}</p>;
  if (!query.data || !hasOptions(query.data.optionInfo)) return null;
  const { optionSetting, selectedOption } = query.data.optionInfo;
  const disabled = disabledSets(optionSetting, selectedOption);
  const zh = normalizeLanguage(i18n.language) === 'zh';

  return (
    <fieldset className="wb-ctl-options">
      <legend className="wb-visually-hidden">{t('control.options.heading', { name })}</legend>
      {optionSetting.sets.map((set) => {
        const off = disabled.has(set.key);
        const index = selectedChoiceIndex(set, selectedOption);
        const label = zh ? set.chName : set.name;
        return (
          <div key={set.key} className="wb-field wb-ctl-option">
            <label className="wb-field__label" htmlFor={`${id}-${set.key}`}>
              {label}
              {set.unit ? ` (${set.unit})` : ''}
            </label>
            <select
              id={`${id}-${set.key}`}
              className="wb-select"
              value={off ? '' : String(index)}
              disabled={off || !operate.allowed}
              aria-describedby={off ? `${id}-${set.key}-na` : operate.describedBy}
              onChange={(event) => {
                const choice = set.choices[Number(event.target.value)];
                if (!choice) return;
                update.mutate({
                  channelScheduleId,
                  selectedOption: selectOption(
                    optionSetting,
                    selectedOption,
                    set.key,
                    choice.value,
                  ),
                });
              }}
            >
              {(index < 0 || off) && (
                <option value="">{off ? '—' : t('control.options.choose')}</option>
              )}
              {set.choices.map((choice, choiceIndex) => (
                <option key={choiceIndex} value={choiceIndex}>
                  {zh ? choice.chName : choice.name}
                </option>
              ))}
            </select>
            {off && (
              <span id={`${id}-${set.key}-na`} className="wb-ctl-note">
                {t('control.options.notApplicable')}
              </span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
