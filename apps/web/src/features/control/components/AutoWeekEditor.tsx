import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeAutoType, withAutoEntry } from '../model/schedule-draft';
import type { AutoDraft, AutoType } from '../model/schedule-draft';
import { problemsAt } from '../model/schedule-validation';
import type { DraftProblem } from '../model/schedule-validation';
import type { Slot, Week } from '../model/timer-grid';
import { FieldProblems } from './FieldProblems';
import { SignalFields } from './SignalFields';
import { WeekGrid } from './WeekGrid';

const TYPES: AutoType[] = ['timer', 'signal', 'off'];

interface AutoWeekEditorProps {
  auto: readonly AutoDraft[];
  /** The Timer week: a day switched to a timer row starts from its row. */
  timer: Week;
  problems: readonly DraftProblem[];
  onChange: (auto: AutoDraft[]) => void;
}

/** The Auto action's week: per day a timer row, a consumption signal, or off. */
export function AutoWeekEditor({ auto, timer, problems, onChange }: AutoWeekEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="wb-ctl-auto">
      <p className="wb-ctl-note">{t('control.schedule.autoIntro')}</p>
      <FieldProblems
        id={`${id}-auto`}
        problems={problems.filter((p) => p.path === 'auto' || p.path === '')}
      />
      {auto.map((entry, day) => {
        const dayName = t(`control.schedule.weekdays.${day}`);
        const set = (next: AutoDraft) => onChange(withAutoEntry(auto, day, next));
        return (
          <fieldset key={day} className="wb-ctl-autoday" data-testid={`auto-day-${day}`}>
            <legend>{dayName}</legend>
            <div className="wb-field">
              <label className="wb-field__label" htmlFor={`${id}-type-${day}`}>
                {t('control.schedule.dayType', { day: dayName })}
              </label>
              <select
                id={`${id}-type-${day}`}
                className="wb-select"
                value={entry.type}
                onChange={(event) =>
                  set(changeAutoType(entry, event.target.value as AutoType, timer[day]))
                }
              >
                {TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`control.schedule.dayTypes.${type}`)}
                  </option>
                ))}
              </select>
            </div>
            {entry.type === 'timer' && (
              <>
                <WeekGrid
                  rows={[entry.timer]}
                  days={[day]}
                  label={t('control.schedule.rowLabel', { day: dayName })}
                  onChange={(rows) => set({ type: 'timer', timer: rows[0] as Slot[] })}
                />
                <FieldProblems
                  id={`${id}-row-${day}`}
                  problems={problemsAt(problems, `auto.${day}.timer`)}
                />
              </>
            )}
            {entry.type === 'signal' && (
              <SignalFields entry={entry} path={`auto.${day}`} problems={problems} onChange={set} />
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
