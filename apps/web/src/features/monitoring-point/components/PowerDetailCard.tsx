import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/Card';
import { useBaseline } from '../api/baseline';
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
  // The typical day is an extra: the chart never waits for it, and shows without it on a failure.
  const typical = useBaseline({ deviceId, ...range });
  return (
    <Card
      title={t('monitoringPoint.powerDetail.title')}
      testId="power-detail"
      actions={
        <ResolutionPicker
          value={resolution}
          days={daysInRange(range)}
          onChange={onResolutionChange}
        />
      }
    >
      <CardStatus query={query} refusedText={t('monitoringPoint.powerDetail.refused')}>
        {query.data && (
          <Refreshing active={query.isPlaceholderData}>
            <PowerDetailChart
              chart={query.data}
              resolution={resolution}
              zone={zone}
              multiDay={range.startDate !== range.endDate}
              typical={typical.data}
            />
          </Refreshing>
        )}
      </CardStatus>
    </Card>
  );
}
