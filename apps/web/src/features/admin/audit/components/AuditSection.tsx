import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { useAdminAudit } from '../api/audit-list';
import type { AuditFilters } from '../api/audit-list';
import { useExportAdminAudit } from '../api/audit-export';
import { ExportCsvButton } from '@/features/admin/shared/components/ExportCsvButton';
import { AuditFiltersForm } from './AuditFiltersForm';
import { AuditTable } from './AuditTable';

/** Audit log: who did what when, filterable, exported as CSV. */
export function AuditSection() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useAdminAudit(filters);
  const exporter = useExportAdminAudit();
  const rows = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const lang = i18n.language.startsWith('zh') ? 'zh-TW' : 'en';
  return (
    <div className="wb-admin-panel">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.audit.title')}</h2>
        <ExportCsvButton
          busy={exporter.isPending}
          onExport={() => exporter.mutateAsync({ filters, lang })}
        />
      </div>
      <AuditFiltersForm onApply={setFilters} />
      {audit.isPending ? (
        <LoadingState />
      ) : audit.isError ? (
        <ErrorState onRetry={() => void audit.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState text={t('admin.audit.empty')} />
      ) : (
        <>
          <AuditTable entries={rows} />
          {audit.hasNextPage && (
            <button
              type="button"
              className="wb-button wb-button--secondary"
              disabled={audit.isFetchingNextPage}
              onClick={() => void audit.fetchNextPage()}
            >
              {t('admin.common.loadMore')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
