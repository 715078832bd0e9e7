import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearDay, copyDay, onHours } from '../model/timer-grid';
import type { Slot, Week } from '../model/timer-grid';
import { WeekGrid } from './WeekGrid';

const DAYS = [0, 1, 2, 3, 4, 5, 6];

/** The Timer action's week: the grid, then copy a day to others and clear a day. */
export function TimerWeekEditor({
  week,
  onChange,
}: {
  week: Week;
  onChange: (week: Slot[][]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [day, setDay] = useState(1);
  const [targets, setTargets] = useState<number[]>([]);
  const dayName = (d: number) => t(`control.schedule.weekdays.${d}`);

  const toggleTarget = (target: number) =>
    setTargets((current) =>
      current.includes(target) ? current.filter((d) => d !== target) : [...current, target],
    );

  return (
    <div className="wb-ctl-timer">
      <p className="wb-ctl-note">{t('control.schedule.timerIntro')}</p>
      <WeekGrid
        rows={week}
        days={DAYS}
        label={t('control.schedule.gridLabel')}
        onChange={onChange}
      />
      <ul className="wb-ctl-hours" aria-label={t('control.schedule.gridLabel')}>
        {DAYS.map((d) => (
          <li key={d}>
            {dayName(d)}: {t('control.schedule.hoursOn', { hours: onHours(week[d] ?? []) })}
          </li>
        ))}
      </ul>
      <fieldset className="wb-ctl-daytools">
        <legend>{t('control.schedule.dayTools', { day: dayName(day) })}</legend>
        <div className="wb-field">
          <label className="wb-field__label" htmlFor={`${id}-day`}>
            {t('control.schedule.day')}
          </label>
          <select
            id={`${id}-day`}
            className="wb-select"
            value={day}
            onChange={(event) => {
              setDay(Number(event.target.value));
              setTargets([]);
            }}
          >
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {dayName(d)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="wb-button wb-button--secondary"
          onClick={() => onChange(clearDay(week, day))}
        >
          {t('control.schedule.clearDay', { day: dayName(day) })}
        </button>
        <fieldset className="wb-ctl-copy">
          <legend>{t('control.schedule.copyTo', { day: dayName(day) })}</legend>
          {DAYS.filter((d) => d !== day).map((d) => (
            <label key={d} className="wb-ctl-check">
              <input
                type="checkbox"
                checked={targets.includes(d)}
                onChange={() => toggleTarget(d)}
              />
              {dayName(d)}
            </label>
          ))}
          <button
            type="button"
            className="wb-button wb-button--secondary"
            disabled={targets.length === 0}
            onClick={() => {
              onChange(copyDay(week, day, targets));
              setTargets([]);
            }}
          >
            {t('control.schedule.copyApply')}
          </button>
        </fieldset>
      </fieldset>
    </div>
  );
}
