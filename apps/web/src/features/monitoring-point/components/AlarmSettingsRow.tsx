import type { AlarmItem } from '@wattboard/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatFactoryDateTime } from '../model/alarm-form';
import type { AlarmForm, AlarmFormRow } from '../model/alarm-form';
import { formatNumber, formatWithUnit } from '@/lib/format';

interface AlarmSettingsRowProps {
  index: number;
  item: AlarmItem;
  zone: string | null;
  register: UseFormRegister<AlarmForm>;
  errors: FieldErrors<AlarmFormRow> | undefined;
}

/** One target: latest value, state, last alarm on the factory clock, and its editable limits. */
export function AlarmSettingsRow({ index, item, zone, register, errors }: AlarmSettingsRowProps) {
  const { t, i18n } = useTranslation();
  const target = t(`alarmSettings.targets.${item.target}`);
  const latest = item.dataUnit
    ? formatWithUnit(item.data, item.dataUnit, i18n.language)
    : formatNumber(item.data, i18n.language);
  // On a phone each row is a card: every cell names its column (data-label, alarm-settings.css).
  const label = (column: string) => t(`alarmSettings.columns.${column}`);
  const limit = (side: 'low' | 'high') => {
    const message = errors?.[side]?.message;
    const errorId = `mp-alarm-${item.target}-${side}-error`;
    return (
      <td data-label={label(side)}>
        <span className="wb-mp-alarms__limit">
          <input
            className="wb-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('alarmSettings.noLimit')}
            aria-label={t(`alarmSettings.${side}Label`, { target })}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            {...register(`alarms.${index}.${side}`)}
          />
          {item.dataUnit && <span className="wb-mp-alarms__unit">{item.dataUnit}</span>}
        </span>
        {message && (
          <p id={errorId} className="wb-field__error" role="alert">
            {t(message)}
          </p>
        )}
      </td>
    );
  };
  return (
    <tr data-testid="alarm-row" data-target={item.target}>
      <th scope="row">{target}</th>
      <td className="wb-num" data-label={label('latest')}>
        {latest}
      </td>
      <td data-label={label('status')}>
        <span className={`wb-mp-alarm-status wb-mp-alarm-status--${item.alertStatus}`}>
          {t(`alarmSettings.status.${item.alertStatus}`)}
        </span>
      </td>
      <td data-label={label('lastHappened')}>
        {item.lastHappenedTime
          ? formatFactoryDateTime(item.lastHappenedTime, zone)
          : t('alarmSettings.never')}
      </td>
      <td data-label={label('active')}>
        <input
          type="checkbox"
          className="wb-mp-alarms__active"
          aria-label={t('alarmSettings.activeLabel', { target })}
          {...register(`alarms.${index}.isActivated`)}
        />
      </td>
      {limit('low')}
      {limit('high')}
    </tr>
  );
}
