import type { ExportFormat } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { numberLocale } from '@/lib/format';
import { formatBytes } from '../model/download-file';
import type { ExportState } from '../hooks/use-export-download';

interface ExportButtonsProps {
  state: ExportState;
  disabled: boolean;
  onExport: (format: ExportFormat) => void;
  onCancel: () => void;
}

/** Export CSV and Export Excel; while a file streams in, its size so far and a Cancel button. */
export function ExportButtons({ state, disabled, onExport, onCancel }: ExportButtonsProps) {
  const { t, i18n } = useTranslation();
  const locale = numberLocale(i18n.language);
  const running = state.status === 'running';
  return (
    <div className="wb-report-export" role="group" aria-label={t('pages.report.export.label')}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="wb-button wb-button--secondary"
          disabled={disabled || running}
          aria-busy={running && state.format === format}
          onClick={() => onExport(format)}
        >
          {t(`pages.report.export.${format}`)}
        </button>
      ))}
      <div className="wb-report-export__status" aria-live="polite">
        {running && (
          <>
            <progress className="wb-report-progress" aria-label={t('pages.report.export.label')} />
            <span>
              {t('pages.report.export.running', { size: formatBytes(state.bytes, locale) })}
            </span>
            <button type="button" className="wb-button wb-button--secondary" onClick={onCancel}>
              {t('pages.report.export.cancel')}
            </button>
          </>
        )}
        {state.status === 'done' && (
          <span data-testid="export-done">
            {t('pages.report.export.done', {
              name: state.fileName,
              size: formatBytes(state.bytes, locale),
            })}
          </span>
        )}
        {state.status === 'handedOver' && (
          <span data-testid="export-done">
            {t('pages.report.export.handedOver', { name: state.fileName })}
          </span>
        )}
        {state.status === 'cancelled' && <span>{t('pages.report.export.cancelled')}</span>}
        {state.status === 'failed' && (
          <span role="alert" className="wb-report-export__error">
            {t('pages.report.export.failed', { message: state.message })}
          </span>
        )}
      </div>
    </div>
  );
}
