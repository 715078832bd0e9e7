import { useId } from 'react';
import { WASTE_RANGE_LIMIT_DAYS } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import type { RangeProblem, WasteRange } from '../model/range';

interface WasteRangePickerProps {
  range: WasteRange;
  today: string;
  /** What is wrong with the range, said beside the dates; null when it can be asked for. */
  problem: RangeProblem | null;
  onChange: (range: WasteRange) => void;
  onLastWeek: () => void;
}

/**
 * First and last day (factory-local, both included). A wrong range is kept
 * and named rather than corrected behind the user's back: the finder looks at
 * most 31 days at a time, and a silently moved end date would hide that.
 */
export function WasteRangePicker({
  range,
  today,
  problem,
  onChange,
  onLastWeek,
}: WasteRangePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="wb-waste-toolbar">
      <fieldset className="wb-waste-range" aria-describedby={problem ? errorId : undefined}>
        <legend className="wb-visually-hidden">{t('pages.waste.range.label')}</legend>
        {(['startDate', 'endDate'] as const).map((end) => (
          <div className="wb-field" key={end}>
            <label className="wb-field__label" htmlFor={`${id}-${end}`}>
              {t(end === 'startDate' ? 'pages.waste.range.start' : 'pages.waste.range.end')}
            </label>
            <input
              id={`${id}-${end}`}
              className="wb-input"
              type="date"
              value={range[end]}
              max={today}
              required
              aria-invalid={problem ? true : undefined}
              onChange={(event) => onChange({ ...range, [end]: event.target.value })}
            />
          </div>
        ))}
      </fieldset>
      <button type="button" className="wb-button wb-button--secondary" onClick={onLastWeek}>
        {t('pages.waste.range.lastWeek')}
      </button>
      {problem ? (
        <p id={errorId} className="wb-field__error wb-waste-toolbar__note" role="alert">
          {t(`pages.waste.range.problems.${problem}`, { days: WASTE_RANGE_LIMIT_DAYS })}
        </p>
      ) : (
        <p className="wb-waste-toolbar__note">
          {t('pages.waste.range.limit', { days: WASTE_RANGE_LIMIT_DAYS })}
        </p>
      )}
    </div>
  );
}
