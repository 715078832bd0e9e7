import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@/components/QueryStates';
import { useScheduledReports } from '../api/scheduled-reports-get';
import { ReportCard } from './ReportCard';

/**
 * Scheduled reports (issue #15): the weekly and the monthly energy report,
 * each on/off with its receivers, the next run in the factory's zone and
 * "Send now". The mails go through the outbox (the Mail section lists them).
 */
export function ScheduledReportsSection() {
  const { t } = useTranslation();
  const reports = useScheduledReports();

  if (reports.isPending) return <LoadingState />;
  if (reports.isError) return <ErrorState onRetry={() => void reports.refetch()} />;
  return (
    <div className="wb-admin-panel">
      <h2 className="wb-admin-panel__title">{t('admin.reports.title')}</h2>
      <p className="wb-admin__hint">{t('admin.reports.intro')}</p>
      {reports.data.reports.map((report) => (
        <ReportCard key={report.kind} report={report} timeZone={reports.data.timeZone} />
      ))}
    </div>
  );
}
