import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { editRange, lastDays, MAX_RANGE_DAYS, rangeInputLimits } from '../model/date-range';
import type { DateRange } from '../model/date-range';

interface RangeControlsProps {
  range: DateRange;
  today: string;
  onChange: (range: DateRange) => void;
}

const PRESETS = [
  { key: 'today', days: 1 },
  { key: 'last7', days: 7 },
  { key: 'last30', days: 30 },
] as const;

/** Start and end dates (factory-local days) with quick ranges ending today. */
export function RangeControls({ range, today, onChange }: RangeControlsProps) {
  const { t } = useTranslation();
  const id = useId();
  const limits = rangeInputLimits(range, today);
  return (
    <fieldset className="wb-mp-range">
      <legend className="wb-field__label">{t('monitoringPoint.range.label')}</legend>
      <div className="wb-mp-range__inputs">
        {(['startDate', 'endDate'] as const).map((end) => (
          <div className="wb-field" key={end}>
            <label className="wb-field__label" htmlFor={`${id}-${end}`}>
              {t(end === 'startDate' ? 'monitoringPoint.range.start' : 'monitoringPoint.range.end')}
            </label>
            <input
              id={`${id}-${end}`}
              className="wb-input"
              type="date"
              value={range[end]}
              min={limits[end].min}
              max={limits[end].max}
              aria-describedby={`${id}-limit`}
              required
              onChange={(event) => {
                const next = editRange(range, end, event.target.value);
                if (next !== range) onChange(next);
              }}
            />
          </div>
        ))}
      </div>
      {/* Why the pickers stop where they do (the server answers at most MAX_RANGE_DAYS). */}
      <p id={`${id}-limit`} className="wb-mp-muted wb-mp-range__limit">
        {t('monitoringPoint.range.limit', { days: MAX_RANGE_DAYS })}
      </p>
      <div className="wb-mp-range__presets">
        {PRESETS.map(({ key, days }) => {
          const preset = lastDays(today, days);
          const active = preset.startDate === range.startDate && preset.endDate === range.endDate;
          return (
            <button
              key={key}
              type="button"
              className="wb-button wb-button--secondary wb-mp-chip"
              aria-pressed={active}
              onClick={() => onChange(preset)}
            >
              {t(`monitoringPoint.range.${key}`)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
