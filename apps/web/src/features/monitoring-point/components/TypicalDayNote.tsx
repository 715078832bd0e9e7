import type { MonitorBaselineResponse } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';

interface TypicalDayNoteProps {
  typical: MonitorBaselineResponse;
  multiDay: boolean;
}

/** What the dashed line is made of: for one day, how many earlier days of which kind. */
export function TypicalDayNote({ typical, multiDay }: TypicalDayNoteProps) {
  const { t } = useTranslation();
  const day = typical.days[0];
  let text: string;
  if (multiDay) text = t('monitoringPoint.powerDetail.typical.multiDay');
  else if (!day || day.basedOn.length === 0) text = t('monitoringPoint.powerDetail.typical.none');
  else
    text = t(`monitoringPoint.powerDetail.typical.${day.dayType}`, { count: day.basedOn.length });
  return (
    <p className="wb-typical-note" data-testid="typical-day-note">
      {text}
    </p>
  );
}
