import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';

interface OverviewCardProps {
  title: string;
  meta?: ReactNode;
  /** Grid placement: wide cards span two columns on large screens. */
  wide?: boolean;
  /** Spans the whole row (the comparison, with its controls beside the charts). */
  full?: boolean;
  testId: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled card of the Overview grid; its heading names the region for screen readers. */
export function OverviewCard({
  title,
  meta,
  wide,
  full,
  testId,
  actions,
  children,
}: OverviewCardProps) {
  const titleId = useId();
  return (
    <section
      className={`wb-card wb-ov-card${wide ? ' wb-ov-card--wide' : ''}${full ? ' wb-ov-card--full' : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <header className="wb-card__header">
        <h2 id={titleId} className="wb-card__title">
          {title}
        </h2>
        {meta !== undefined && <span className="wb-card__meta">{meta}</span>}
        {actions}
      </header>
      {children}
    </section>
  );
}

interface QueryLike {
  data?: unknown;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A card's loading, error and empty states: a spinner for the first answer,
 * a retry after a failure with nothing to show, the card's own empty text when there is nothing.
 */
export function CardState({
  query,
  empty = false,
  emptyText,
  children,
}: {
  query: QueryLike;
  empty?: boolean;
  emptyText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingState />;
  // A failed refresh keeps the last answer on screen; only a card without one shows the error.
  if (query.isError && query.data === undefined) {
    return <ErrorState onRetry={() => void query.refetch()} />;
  }
  if (empty) return <EmptyState text={emptyText ?? t('states.error')} />;
  return <>{children}</>;
}
