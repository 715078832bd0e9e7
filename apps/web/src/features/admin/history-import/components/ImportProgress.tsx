import { useTranslation } from 'react-i18next';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import type { ImportRun } from '../hooks/use-import-run';
import { RecordTooLongError } from '../model/chunk-file';
import { byteSize } from '../model/refusal-text';
import { RefusalList } from './RefusalList';

/** The import while it runs (a bar, rows and bytes) and what it came to. */
export function ImportProgress({ run }: { run: Exclude<ImportRun, { state: 'idle' }> }) {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const { totals } = run;
  const problem = () =>
    run.error instanceof RecordTooLongError
      ? t('admin.import.rowTooLong', { row: run.error.row })
      : texts.error(run.error);
  return (
    <div className="wb-admin-import__run">
      <progress
        className="wb-admin-import__bar"
        aria-label={t('admin.import.progressLabel')}
        value={run.bytesDone}
        max={Math.max(run.totalBytes, 1)}
      />
      <p className="wb-admin__hint">
        {t('admin.import.progress', {
          rows: run.rowsSent.toLocaleString(i18n.language),
          done: byteSize(run.bytesDone, i18n.language),
          total: byteSize(run.totalBytes, i18n.language),
        })}
      </p>
      {run.state === 'finished' && <p role="status">{t('admin.import.finished')}</p>}
      {run.state === 'cancelled' && <p role="status">{t('admin.import.cancelled')}</p>}
      {run.state === 'failed' && (
        <p className="wb-field__error" role="alert">
          {t('admin.import.failed', { row: run.failedAt ?? 1, problem: problem() })}
        </p>
      )}
      <ul className="wb-admin-import__totals" aria-label={t('admin.import.summaryLabel')}>
        <li>{t('admin.import.rows', { count: totals.rows })}</li>
        <li>{t('admin.import.accepted', { count: totals.accepted })}</li>
        <li>{t('admin.import.duplicates', { count: totals.duplicates })}</li>
        <li>{t('admin.import.refused', { count: totals.refusedCount })}</li>
      </ul>
      <RefusalList
        title={t('admin.import.refusedTitle')}
        refused={totals.refused}
        count={totals.refusedCount}
      />
    </div>
  );
}
