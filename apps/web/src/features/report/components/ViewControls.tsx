import { ENERGY_INTERVALS } from '@wattboard/contract';
import type { EnergyInterval } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { intervalFits } from '../model/report-params';
import type { ReportView } from '../model/report-params';

interface ViewControlsProps {
  view: ReportView;
  interval: EnergyInterval;
  days: number;
  onView: (view: ReportView) => void;
  onInterval: (interval: EnergyInterval) => void;
}

/** Readings or Energy; for energy the resolution (those too fine for the range are disabled). */
export function ViewControls({ view, interval, days, onView, onInterval }: ViewControlsProps) {
  const { t } = useTranslation();
  return (
    <div className="wb-report-views">
      <div className="wb-report-chips" role="group" aria-label={t('pages.report.view.label')}>
        {(['readings', 'energy'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="wb-button wb-button--secondary wb-report-chip"
            aria-pressed={view === option}
            onClick={() => onView(option)}
          >
            {t(`pages.report.view.${option}`)}
          </button>
        ))}
      </div>
      {view === 'energy' && (
        <div className="wb-report-chips" role="group" aria-label={t('pages.report.interval.label')}>
          <span className="wb-report-chips__label" aria-hidden="true">
            {t('pages.report.interval.label')}
          </span>
          {ENERGY_INTERVALS.map((option) => {
            const fits = intervalFits(option, days);
            return (
              <button
                key={option}
                type="button"
                className="wb-button wb-button--secondary wb-report-chip"
                aria-pressed={interval === option}
                disabled={!fits}
                title={fits ? undefined : t('pages.report.interval.tooFine')}
                onClick={() => onInterval(option)}
              >
                {t(`pages.report.interval.${option}`)}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
