import { useId, useState } from 'react';
import type { TariffVersion } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Spinner } from '@/components/Spinner';
import { useUpdateTariff } from '../api/tariff-update';
import { calendarYears, checkHolidayRows, holidaysOf, withYear } from '../model/holidays';
import type { HolidayErrors, HolidayField, HolidayRow } from '../model/holidays';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';

const PROBLEM_KEYS = {
  date: 'cost.tariff.errors.date',
  otherYear: 'cost.tariff.errors.otherYear',
  repeat: 'cost.tariff.errors.repeatHoliday',
  nameTooLong: 'cost.tariff.errors.nameTooLong',
} as const;

/**
 * The holiday calendar (離峰日, billed like Sundays), one year at a time.
 * Saving writes the version in force again from its own day, with the year's
 * dates replaced and every other year kept.
 */
export function HolidayCalendar({
  version,
  nodeId,
  thisYear,
}: {
  version: TariffVersion;
  /** The further billing point shown; null: the factory's tariff. */
  nodeId: number | null;
  thisYear: number;
}) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const update = useUpdateTariff();
  const id = useId();
  const holidays = version.tariff.holidays;
  const [year, setYear] = useState(thisYear);
  const [rows, setRows] = useState<HolidayRow[]>(() => holidaysOf(holidays, thisYear));
  const [errors, setErrors] = useState<HolidayErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const chooseYear = (next: number) => {
    setYear(next);
    setRows(holidaysOf(holidays, next));
    setErrors({});
    setFailure(null);
  };
  const setRow = (index: number, change: Partial<HolidayRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const save = () => {
    const found = checkHolidayRows(rows, year);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      {
        ...(nodeId === null ? {} : { nodeId }),
        validFrom: version.validFrom,
        tariff: { ...version.tariff, holidays: withYear(holidays, year, rows) },
      },
      {
        onSuccess: () => toast.success(t('cost.tariff.holidaysSaved', { year })),
        onError: (error) => setFailure(texts.error(error)),
      },
    );
  };
  const problem = (index: number, field: HolidayField) => {
    const kind = errors[index]?.[field];
    return kind ? t(PROBLEM_KEYS[kind], { year }) : null;
  };

  return (
    <section className="wb-tariff-holidays" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="wb-tariff__subtitle">
        {t('cost.tariff.holidays')}
      </h3>
      <p className="wb-admin__hint">{t('cost.tariff.holidaysHint')}</p>
      <div className="wb-field wb-tariff-year">
        <label className="wb-field__label" htmlFor={`${id}-year`}>
          {t('cost.tariff.year')}
        </label>
        <select
          id={`${id}-year`}
          className="wb-select"
          value={year}
          onChange={(event) => chooseYear(Number(event.target.value))}
        >
          {calendarYears(holidays, thisYear).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {rows.length === 0 && (
        <p className="wb-admin__hint">{t('cost.tariff.noHolidays', { year })}</p>
      )}
      <ol className="wb-tariff-holiday-list">
        {rows.map((row, index) => {
          const label = t('cost.tariff.holidayN', { n: index + 1 });
          const dateProblem = problem(index, 'date');
          const nameProblem = problem(index, 'name') ?? problem(index, 'nameEn');
          return (
            <li key={index} className="wb-tariff-holiday">
              <label className="wb-tariff-range__field">
                <span>{t('cost.tariff.holidayDate')}</span>
                <input
                  type="date"
                  className="wb-input"
                  value={row.date}
                  aria-invalid={dateProblem ? true : undefined}
                  aria-describedby={
                    dateProblem || nameProblem ? `${id}-problem-${index}` : undefined
                  }
                  onChange={(event) => setRow(index, { date: event.target.value })}
                />
              </label>
              <label className="wb-tariff-range__field">
                <span>{t('cost.tariff.holidayName')}</span>
                <input
                  className="wb-input"
                  value={row.name}
                  aria-invalid={nameProblem ? true : undefined}
                  aria-describedby={
                    dateProblem || nameProblem ? `${id}-problem-${index}` : undefined
                  }
                  onChange={(event) => setRow(index, { name: event.target.value })}
                />
              </label>
              <label className="wb-tariff-range__field">
                <span>{t('cost.tariff.holidayNameEn')}</span>
                <input
                  className="wb-input"
                  value={row.nameEn}
                  aria-invalid={problem(index, 'nameEn') ? true : undefined}
                  aria-describedby={
                    dateProblem || nameProblem ? `${id}-problem-${index}` : undefined
                  }
                  onChange={(event) => setRow(index, { nameEn: event.target.value })}
                />
              </label>
              <button
                type="button"
                className="wb-button wb-button--secondary"
                aria-label={`${t('cost.tariff.remove')} ${label}`}
                onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
              >
                {t('cost.tariff.remove')}
              </button>
              {(dateProblem || nameProblem) && (
                <p
                  id={`${id}-problem-${index}`}
                  className="wb-field__error wb-tariff-holiday__error"
                  role="alert"
                >
                  {[dateProblem, nameProblem].filter(Boolean).join(' ')}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {failure && (
        <p className="wb-field__error" role="alert">
          {failure}
        </p>
      )}
      <div className="wb-admin__actions">
        <button
          type="button"
          className="wb-button wb-button--secondary"
          onClick={() => setRows((current) => [...current, { date: '', name: '', nameEn: '' }])}
        >
          {t('cost.tariff.addHoliday')}
        </button>
        <button
          type="button"
          className="wb-button wb-button--primary"
          disabled={update.isPending}
          onClick={save}
        >
          {update.isPending && <Spinner size="sm" />}
          {update.isPending ? t('admin.common.saving') : t('cost.tariff.saveHolidays')}
        </button>
      </div>
    </section>
  );
}
