import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Spinner } from '@/components/Spinner';
import { useAdminTexts } from './use-admin-texts';

interface ExportCsvButtonProps {
  busy: boolean;
  /** Starts the download; resolves with the saved file's name. */
  onExport: () => Promise<string>;
}

/** Export CSV of what the filters select; says where the file went or why it failed. */
export function ExportCsvButton({ busy, onExport }: ExportCsvButtonProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const run = () =>
    onExport().then(
      (name) => toast.success(t('admin.common.exported', { name })),
      (error: unknown) =>
        toast.error(t('admin.common.exportFailed', { message: texts.error(error) })),
    );
  return (
    <button
      type="button"
      className="wb-button wb-button--secondary"
      disabled={busy}
      onClick={() => void run()}
    >
      {busy ? <Spinner size="sm" /> : <Download size={16} aria-hidden="true" />}
      {busy ? t('admin.common.exporting') : t('admin.common.exportCsv')}
    </button>
  );
}
