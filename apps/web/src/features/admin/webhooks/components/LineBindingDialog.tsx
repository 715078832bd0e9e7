import type { LineBinding } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { CopyField } from '@/features/admin/shared/components/CopyField';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';

interface LineBindingDialogProps {
  /** The destination's name and the code made now; closed when null. */
  binding: { name: string; value: LineBinding } | null;
  onClose: () => void;
}

/**
 * After a LINE destination is saved with a new code (decision 0076): the
 * webhook address to paste into the LINE Developers console, and the one-time
 * code a person or a group sends the Official Account to bind itself.
 */
export function LineBindingDialog({ binding, onClose }: LineBindingDialogProps) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  return (
    <Dialog
      open={binding !== null}
      title={t('admin.webhooks.line.bindTitle', { name: binding?.name ?? '' })}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      {binding && (
        <>
          <p>{t('admin.webhooks.line.webhookStep')}</p>
          <CopyField label={t('admin.webhooks.line.webhookUrl')} value={binding.value.webhookUrl} />
          <p>
            {t('admin.webhooks.line.codeStep', {
              time: factoryDateTime(binding.value.expiresAt, zone),
            })}
          </p>
          <CopyField label={t('admin.webhooks.line.code')} value={binding.value.code} />
        </>
      )}
      <div className="wb-admin__actions">
        <button type="button" className="wb-button wb-button--primary" onClick={onClose}>
          {t('admin.common.done')}
        </button>
      </div>
    </Dialog>
  );
}
