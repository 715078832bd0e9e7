import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/Card';
import { useConsumptionQuery } from '../api/consumption-query';
import { defaultConsumptionForm, toSegmentInfo } from '../model/consumption-form';
import type { DateRange } from '../model/date-range';
import { numberFigure } from '@/lib/format';
import { CardStatus, Refreshing } from './CardStatus';
import { ConsumptionCost } from './ConsumptionCost';
import { ConsumptionForm } from './ConsumptionForm';
import { StatList } from './StatList';

interface ConsumptionQueryCardProps {
  deviceId: number;
  range: DateRange;
  live: boolean;
}

/**
 * The consumption query: starts with the page's range over whole days and
 * every weekday, so its total matches the range's; the form narrows it.
 */
export function ConsumptionQueryCard({ deviceId, range, live }: ConsumptionQueryCardProps) {
  const { t, i18n } = useTranslation();
  const initial = useMemo(() => defaultConsumptionForm(range), [range]);
  const [submitted, setSubmitted] = useState(initial);
  const segmentInfo = useMemo(() => toSegmentInfo(submitted), [submitted]);
  const query = useConsumptionQuery({ deviceId, segmentInfo }, { live });
  const n = (value: number) => numberFigure(value, '', i18n.language);

  return (
    <Card title={t('monitoringPoint.consumption.title')}>
      <div className="wb-mp-consumption">
        <ConsumptionForm initial={initial} busy={query.isFetching} onSubmit={setSubmitted} />
        <section aria-label={t('monitoringPoint.consumption.results')} aria-live="polite">
          <CardStatus query={query}>
            {query.data && (
              <Refreshing active={query.isPlaceholderData}>
                <StatList
                  testId="consumption-results"
                  stats={[
                    {
                      key: 'total',
                      label: t('monitoringPoint.consumption.total'),
                      value: n(query.data.totalConsumed),
                    },
                    {
                      key: 'totalCo2',
                      label: t('monitoringPoint.consumption.totalCo2'),
                      value: n(query.data.totalCo2),
                    },
                    {
                      key: 'dailyAverage',
                      label: t('monitoringPoint.consumption.dailyAverage'),
                      value: n(query.data.dailyAverage),
                    },
                    {
                      key: 'dailyCo2',
                      label: t('monitoringPoint.consumption.dailyCo2'),
                      value: n(query.data.dailyCo2),
                    },
                  ]}
                />
              </Refreshing>
            )}
          </CardStatus>
        </section>
        {/* Outside the live region: a table of buckets is not read out on every refresh. */}
        <ConsumptionCost deviceId={deviceId} segmentInfo={segmentInfo} live={live} />
      </div>
    </Card>
  );
}
