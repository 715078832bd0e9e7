import { useEffect, useState } from 'react';
import type { WasteFindingsResponse } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { todayFor } from '@wattboard/zone-time';
import { Card } from '@/components/ui/Card';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { channelDisplayName } from '@/lib/channel-names';
import { displayDate } from '@/lib/format';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useInAppHref } from '@/lib/in-app-link';
import { formatMoney } from '@/lib/money';
import { useNearScreen } from '@/lib/near-screen';
import { useWasteFindings } from '../api/waste-findings';
import { findingKey, kindKey, weekTotals } from '../model/findings';
import { lastCompleteWeek } from '../model/range';
import './waste-card.css';

/** How many findings the card names; the page has the rest. */
export const CARD_FINDINGS = 3;

function TopFindings({ answer }: { answer: WasteFindingsResponse }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const totals = weekTotals(answer.findings);
  const money = (value: number | null) => formatMoney(value, answer.currency, language);
  return (
    <>
      <p className="wb-waste-card__total" data-testid="waste-card-total">
        {totals.costPerWeek === null
          ? t('overview.waste.totalNoCost', { count: totals.count })
          : t('overview.waste.total', { count: totals.count, cost: money(totals.costPerWeek) })}
      </p>
      <ol className="wb-waste-card__list">
        {answer.findings.slice(0, CARD_FINDINGS).map((finding) => (
          <li key={findingKey(finding)} className="wb-waste-card__item">
            <span className="wb-waste-card__point">
              {channelDisplayName({ ...finding, id: finding.nodeId }, language)}
            </span>
            <span className="wb-waste-card__kind">{t(kindKey(finding.kind))}</span>
            <span className="wb-waste-card__cost">
              {finding.costPerWeek === null
                ? t('overview.waste.kwhPerWeek', { kwh: Math.round(finding.kwhPerWeek) })
                : t('overview.waste.perWeek', { cost: money(finding.costPerWeek) })}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** True once the page's first paint is on screen and the browser is idle (lib/after-first-paint). */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  return painted;
}

/**
 * The last complete week's largest waste on the Overview (issue #27, decision
 * 0086), linking to the findings page. The call reads 70 days of rollups, so
 * it waits until the Overview's first numbers are painted and the card is
 * near the screen (on a phone it sits below the fold), and its answer is kept
 * for an hour: the landing page never waits for it.
 */
export function WasteWeekCard() {
  const { t } = useTranslation();
  const href = useInAppHref();
  const timeBase = useFactoryTimeBase();
  const week = lastCompleteWeek(todayFor(timeBase, Date.now()));
  const [ref, near] = useNearScreen<HTMLDivElement>();
  const painted = usePainted();
  const query = useWasteFindings(week, { enabled: near && painted && timeBase !== null });

  let body;
  // Not asked yet (below the fold, or the first paint still coming): room kept, no spinner,
  // since nothing is loading.
  if (query.isPending && query.fetchStatus === 'idle') {
    body = <div className="wb-waste-card__waiting" data-testid="waste-card-waiting" />;
  } else if (query.isPending) body = <LoadingState minHeight="7rem" />;
  else if (query.isError && query.data === undefined) {
    body = <ErrorState onRetry={() => void query.refetch()} />;
  } else if (!query.data || query.data.findings.length === 0) {
    body = <EmptyState text={t('overview.waste.empty')} />;
  } else body = <TopFindings answer={query.data} />;

  return (
    <Card
      title={t('overview.waste.title')}
      className="wb-ov-card wb-waste-card"
      testId="overview-waste"
      actions={
        <span className="wb-card__meta">
          {t('overview.waste.week', {
            from: displayDate(week.startDate),
            to: displayDate(week.endDate),
          })}
        </span>
      }
    >
      <div ref={ref} className="wb-waste-card__body">
        {body}
        <Link to={href('/dashboard/waste', { ...week })} className="wb-ov-link">
          {t('overview.waste.seeAll')}
        </Link>
      </div>
    </Card>
  );
}
