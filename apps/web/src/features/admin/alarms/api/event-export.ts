import { useMutation } from '@tanstack/react-query';
import { ADMIN_EVENT_EXPORT_PATH } from '@wattboard/contract';
import { downloadAdminCsv } from '@/features/admin/shared/api/export-csv';
import type { EventFilters } from './event-list';

export function exportAdminEvents(filters: EventFilters, lang: 'en' | 'zh-TW') {
  return downloadAdminCsv(ADMIN_EVENT_EXPORT_PATH, { ...filters, lang }, 'alarm-events.csv');
}

/** POST /v1/Admin/Event/Export: every event of the filter as CSV, headers in the page's language. */
export function useExportAdminEvents() {
  return useMutation({
    mutationKey: ['admin', 'events', 'export'],
    mutationFn: ({ filters, lang }: { filters: EventFilters; lang: 'en' | 'zh-TW' }) =>
      exportAdminEvents(filters, lang),
    retry: false,
  });
}
