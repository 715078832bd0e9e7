import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { todayFor } from '@wattboard/zone-time';
import { Card } from '@/components/ui/Card';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useSearchUpdate } from '@/lib/hooks/use-search-update';
import { useWasteFindings } from '../api/waste-findings';
import { lastCompleteWeek, rangeProblem, readWasteRange } from '../model/range';
import type { WasteRange } from '../model/range';
import { FindingsTable } from './FindingsTable';
import { WasteSummary } from './WasteSummary';
import { WasteRangePicker } from './WasteRangePicker';
import './waste.css';

/**
 * Waste findings (issue #27, decision 0086): what the factory wasted over a
 * range of days, ranked by kWh per week, with what it costs and emits a week.
 * The range lives in the URL (startDate, endDate), so a link or a reload shows
 * the same list; without one it is the last complete week.
 */
export function WastePage() {
  const { t } = useTranslation();
  const timeBase = useFactoryTimeBase();
  const today = todayFor(timeBase, Date.now());
  const [search] = useSearchParams();
  const range = useMemo(() => readWasteRange(search, today), [search, today]);
  const problem = rangeProblem(range, today);
  const update = useSearchUpdate();
  const setRange = (next: WasteRange) => update({ ...next }, { replace: true });
  // Until the factory's clock is known, "today" is this PC's: wait rather than ask for a wrong week.
  const query = useWasteFindings(range, { enabled: problem === null && timeBase !== null });

  let body;
  if (problem !== null) body = null;
  else if (query.isPending) body = <LoadingState minHeight="12rem" />;
  else if (query.isError && query.data === undefined) {
    body = <ErrorState onRetry={() => void query.refetch()} />;
  } else if (!query.data || query.data.findings.length === 0) {
    body = <EmptyState text={t('pages.waste.empty')} />;
  } else {
    body = (
      <>
        <WasteSummary answer={query.data} />
        <FindingsTable findings={query.data.findings} currency={query.data.currency} />
      </>
    );
  }

  return (
    <div className="wb-page wb-waste">
      <h1 className="wb-page__title">{t('pages.waste.title')}</h1>
      <p className="wb-waste__intro">{t('pages.waste.intro')}</p>
      <Card title={t('pages.waste.range.label')} testId="waste-range">
        <WasteRangePicker
          range={range}
          today={today}
          problem={problem}
          onChange={setRange}
          onLastWeek={() => setRange(lastCompleteWeek(today))}
        />
      </Card>
      <Card title={t('pages.waste.table.caption')} testId="waste-list">
        <div aria-busy={query.isFetching || undefined} className="wb-waste__list">
          {body}
        </div>
      </Card>
    </div>
  );
}
