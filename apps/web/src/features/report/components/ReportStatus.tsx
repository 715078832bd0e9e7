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

/**
 * The table's loading and error states: a spinner until the first answer;
 * "not found" for an unknown or foreign meter; the server's reason when it
 * refused the request as asked; otherwise a retry.
 */
export function ReportStatus({ query, children }: { query: QueryLike; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const problem = queryProblem(query.error);
    if (problem === 'notFound') return <EmptyState text={t('pages.report.notFound')} />;
    if (problem === 'refused') {
      const message = query.error instanceof Error ? query.error.message : '';
      // A known validation in the user's language, never the server's English (issue #23).
      const known = knownRefusal(message);
      return (
        <EmptyState
          text={known ? t(known.key, known.values) : t('pages.report.refused', { message })}
        />
      );
    }
    return <ErrorState onRetry={() => void query.refetch()} />;
  }
  return <>{children}</>;
}
