import { useTranslation } from 'react-i18next';
import { usePowerDetail } from '../api/power-detail';
import { daysInRange } from '../model/date-range';
import type { DateRange } from '../model/date-range';
import { CardStatus, Refreshing } from './CardStatus';
import { PowerDetailChart } from './PowerDetailChart';
import { ResolutionPicker } from './ResolutionPicker';

interface PowerDetailCardProps {
  deviceId: number;
  range: DateRange;
  resolution: number;
  zone: string | null;
  live: boolean;
  onResolutionChange: (minutes: number) => void;
}

export function PowerDetailCard(props: PowerDetailCardProps) {
  const { deviceId, range, resolution, zone, live, onResolutionChange } = props;
  const { t } = useTranslation();
  const query = usePowerDetail({ deviceId, ...range, resolution }, { live });
  return (
    <section className="wb-card" aria-labelledby="mp-power-title" data-testid="power-detail">
      <header className="wb-card__header">
        <h2 id="mp-power-title" className="wb-card__title">
          {t('monitoringPoint.powerDetail.title')}
        </h2>
        <ResolutionPicker
          value={resolution}
          days={daysInRange(range)}
          onChange={onResolutionChange}
        />
      </header>
      <CardStatus query={query} refusedText={t('monitoringPoint.powerDetail.refused')}>
        {query.data && (
          <Refreshing active={query.isPlaceholderData}>
            <PowerDetailChart
              chart={query.data}
              resolution={resolution}
              zone={zone}
              multiDay={range.startDate !== range.endDate}
            />
          </Refreshing>
        )}
      </CardStatus>
    </section>
  );
}
