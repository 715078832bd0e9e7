import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { knownRefusal } from '@/lib/server-messages';
import { queryProblem } from '@/lib/query-problem';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface CardStatusProps {
  query: QueryLike;
  /** Shown when the server refused the request as asked (HTTP 200 with a Fail code, or HTTP 400). */
  refusedText?: string;
  /** The space the loaded content takes (a CSS length), reserved while loading. */
  loadingHeight?: string;
  children: ReactNode;
}

/**
 * Every card's loading and error states in one place: a spinner while the
 * first answer is on its way; "not found" for an unknown or foreign node;
 * a known validation explained in the user's language, else the card's own
 * explanation when the server refused; otherwise a retry.
 */
export function CardStatus({ query, refusedText, loadingHeight, children }: CardStatusProps) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingState minHeight={loadingHeight} />;
  if (query.isError) {
    const problem = queryProblem(query.error);
    if (problem === 'notFound') return <EmptyState text={t('monitoringPoint.notFound')} />;
    if (problem === 'refused') {
      const message = query.error instanceof Error ? query.error.message : '';
      // A known validation in the user's language, never the server's English (issue #23).
      const known = knownRefusal(message);
      const text = known
        ? t(known.key, known.values)
        : (refusedText ?? t('monitoringPoint.refused', { message }));
      return <EmptyState text={text} />;
    }
    return <ErrorState onRetry={() => void query.refetch()} />;
  }
  return <>{children}</>;
}

/** Dims a card's content while a newer answer (another node, range or resolution) loads. */
export function Refreshing({ active, children }: { active: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="wb-mp-refreshing" aria-busy={active} data-refreshing={active || undefined}>
      {active && <span className="wb-visually-hidden">{t('monitoringPoint.updating')}</span>}
      {children}
    </div>
  );
}
