import { useMutation } from '@tanstack/react-query';
import { ADMIN_AUDIT_EXPORT_PATH } from '@wattboard/contract';
import { downloadAdminCsv } from '@/features/admin/shared/api/export-csv';
import type { AuditFilters } from './audit-list';

export function exportAdminAudit(filters: AuditFilters, lang: 'en' | 'zh-TW') {
  return downloadAdminCsv(ADMIN_AUDIT_EXPORT_PATH, { ...filters, lang }, 'audit-log.csv');
}

/** POST /v1/Admin/Audit/Export: every entry of the filter as CSV, headers in the page's language. */
export function useExportAdminAudit() {
  return useMutation({
    mutationKey: ['admin', 'audit', 'export'],
    mutationFn: ({ filters, lang }: { filters: AuditFilters; lang: 'en' | 'zh-TW' }) =>
      exportAdminAudit(filters, lang),
    retry: false,
  });
}
