import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { Card } from '@/components/ui/Card';
import './overview-skeleton.css';

interface OverviewCardProps {
  title: string;
  meta?: ReactNode;
  /** Grid placement: wide cards span two columns on large screens. */
  wide?: boolean;
  /** Spans the whole row (the comparison, with its controls beside the charts). */
  full?: boolean;
  testId: string;
  actions?: ReactNode;
  /**
   * The card's loaded height in px at a desktop width (measured at 1350 px). While any
   * part of the card is loading (a `CardState` inside it is pending) the card holds
   * this height as a skeleton, so the cards below never jump (CLS, issue #14).
   */
  height?: number;
  /** The loaded height in one column (under 900 px; measured at 412 px); defaults to `height`. */
  phoneHeight?: number;
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
  height,
  phoneHeight,
  children,
}: OverviewCardProps) {
  return (
    <Card
      title={title}
      className={`wb-ov-card${wide ? ' wb-ov-card--wide' : ''}${full ? ' wb-ov-card--full' : ''}`}
      style={skeletonHeights(height, phoneHeight)}
      testId={testId}
      actions={
        <>
          {meta !== undefined && <span className="wb-card__meta">{meta}</span>}
          {actions}
        </>
      }
    >
      {children}
    </Card>
  );
}

/** The heights the skeleton CSS reads (overview-skeleton.css); none without a height. */
function skeletonHeights(height?: number, phoneHeight?: number): CSSProperties | undefined {
  if (height === undefined && phoneHeight === undefined) return undefined;
  return {
    '--wb-ov-card-height': `${height ?? phoneHeight}px`,
    '--wb-ov-card-height-phone': `${phoneHeight ?? height}px`,
  } as CSSProperties;
}

interface QueryLike {
  data?: unknown;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A card's loading, error and empty states: a skeleton for the first answer (the
 * card's `height` while it is on screen; at least a few lines otherwise),
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
  if (query.isPending) {
    return (
      <div className="wb-ov-card__loading">
        <LoadingState minHeight="6rem" />
      </div>
    );
  }
  // A failed refresh keeps the last answer on screen; only a card without one shows the error.
  if (query.isError && query.data === undefined) {
    return <ErrorState onRetry={() => void query.refetch()} />;
  }
  if (empty) return <EmptyState text={emptyText ?? t('states.error')} />;
  return <>{children}</>;
}
