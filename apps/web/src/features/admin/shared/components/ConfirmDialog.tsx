import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { Spinner } from '@/components/Spinner';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence. */
  text: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a change that cannot simply be undone (disable, revoke, retire). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, text, confirmLabel, busy, onConfirm, onClose } = props;
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={title} closeLabel={t('admin.common.close')} onClose={onClose}>
      <p>{text}</p>
      <div className="wb-admin__actions">
        <button type="button" className="wb-button wb-button--secondary" onClick={onClose}>
          {t('admin.common.cancel')}
        </button>
        <button
          type="button"
          className="wb-button wb-button--primary wb-admin__danger"
          disabled={busy}
          onClick={onConfirm}
        >
          {busy && <Spinner size="sm" />}
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
