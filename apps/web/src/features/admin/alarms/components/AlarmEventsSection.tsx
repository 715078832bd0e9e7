import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { useAdminEvents } from '../api/event-list';
import type { EventFilters } from '../api/event-list';
import { useExportAdminEvents } from '../api/event-export';
import { ExportCsvButton } from '@/features/admin/shared/components/ExportCsvButton';
import { AlarmEventsTable } from './AlarmEventsTable';
import { EventFiltersForm } from './EventFiltersForm';

/** Alarm events: every event with filters, who cleared what and when; CSV of the filter. */
export function AlarmEventsSection() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<EventFilters>({});
  const events = useAdminEvents(filters);
  const exporter = useExportAdminEvents();
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  const lang = i18n.language.startsWith('zh') ? 'zh-TW' : 'en';

  return (
    <div className="wb-admin-panel">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.alarms.title')}</h2>
        <ExportCsvButton
          busy={exporter.isPending}
          onExport={() => exporter.mutateAsync({ filters, lang })}
        />
      </div>
      <EventFiltersForm onApply={setFilters} />
      {events.isPending ? (
        <LoadingState />
      ) : events.isError ? (
        <ErrorState onRetry={() => void events.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState text={t('admin.alarms.empty')} />
      ) : (
        <>
          <AlarmEventsTable events={rows} />
          {events.hasNextPage && (
            <button
              type="button"
              className="wb-button wb-button--secondary"
              disabled={events.isFetchingNextPage}
              onClick={() => void events.fetchNextPage()}
            >
              {t('admin.common.loadMore')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
