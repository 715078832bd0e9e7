import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/QueryStates';
import type { DayRange } from '../model/range';
import { editDayRange, lastWeek } from '../model/range';
import { flattenTree, rootChildrenIds } from '../model/tree';
import { ChannelSelect } from './ChannelSelect';
import { ComparisonCharts } from './ComparisonCharts';
import { CardState, OverviewCard } from './OverviewCard';
import type { OverviewQuery } from './types';

/** Consumption Comparison: chosen channels over chosen days, as a pie and per-day bars. */
export function ComparisonCard({ query, today }: { query: OverviewQuery; today: string }) {
  const { t } = useTranslation();
  const startId = useId();
  const endId = useId();
  const tree = useMemo(() => query.data?.detectLine ?? [], [query.data?.detectLine]);
  const options = useMemo(() => flattenTree(tree), [tree]);
  // Until the person chooses, the root's children are compared.
  const [chosen, setChosen] = useState<number[] | null>(null);
  const selected = chosen ?? rootChildrenIds(tree);
  const [range, setRange] = useState<DayRange | null>(null);
  const days = range ?? lastWeek(today);
  const edit = (end: keyof DayRange, value: string) => setRange(editDayRange(days, end, value));

  return (
    <OverviewCard
      title={t('overview.comparison.title')}
      testId="overview-comparison"
      height={451}
      phoneHeight={797}
      full
    >
      <CardState query={query}>
        <div className="wb-ov-comparison">
          <div className="wb-ov-comparison__controls">
            <fieldset className="wb-ov-range">
              <legend className="wb-field__label">{t('overview.comparison.range')}</legend>
              <div className="wb-ov-range__inputs">
                <label htmlFor={startId} className="wb-visually-hidden">
                  {t('overview.comparison.startDate')}
                </label>
                <input
                  id={startId}
                  type="date"
                  className="wb-input"
                  value={days.startDate}
                  max={today}
                  onChange={(event) => edit('startDate', event.target.value)}
                />
                <label htmlFor={endId} className="wb-visually-hidden">
                  {t('overview.comparison.endDate')}
                </label>
                <input
                  id={endId}
                  type="date"
                  className="wb-input"
                  value={days.endDate}
                  max={today}
                  onChange={(event) => edit('endDate', event.target.value)}
                />
              </div>
            </fieldset>
            <ChannelSelect options={options} selected={selected} onChange={setChosen} />
          </div>
          {selected.length === 0 ? (
            <EmptyState text={t('overview.comparison.noChannel')} />
          ) : (
            <ComparisonCharts
              request={{ ...days, channelIdList: [...selected].sort((a, b) => a - b) }}
            />
          )}
        </div>
      </CardState>
    </OverviewCard>
  );
}
