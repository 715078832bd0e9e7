import { useTranslation } from 'react-i18next';
import { RESOLUTIONS, resolutionFits } from '../model/power-detail';

interface ResolutionPickerProps {
  value: number;
  /** Days in the page's range: resolutions too fine for it are offered disabled. */
  days: number;
  onChange: (minutes: number) => void;
}

/** 1, 5, 15 or 60 minutes per bucket, as toggle buttons; those too fine for the range are disabled. */
export function ResolutionPicker({ value, days, onChange }: ResolutionPickerProps) {
  const { t } = useTranslation();
  return (
    <div
      className="wb-mp-resolution"
      role="group"
      aria-label={t('monitoringPoint.powerDetail.resolution')}
    >
      <span className="wb-mp-resolution__label" aria-hidden="true">
        {t('monitoringPoint.powerDetail.resolution')}
      </span>
      {RESOLUTIONS.map((minutes) => (
        <button
          key={minutes}
          type="button"
          className="wb-button wb-button--secondary wb-mp-chip"
          aria-pressed={minutes === value}
          disabled={!resolutionFits(minutes, days)}
          title={
            resolutionFits(minutes, days) ? undefined : t('monitoringPoint.powerDetail.tooFine')
          }
          onClick={() => onChange(minutes)}
        >
          {t('monitoringPoint.powerDetail.minutes', { count: minutes })}
        </button>
      ))}
    </div>
  );
}
