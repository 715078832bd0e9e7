import type { AdminGatewayCreateResponse } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { CopyField } from '@/features/admin/shared/components/CopyField';

/**
 * The new gateway's key and the exact commands with it filled in, shown this
 * once: the server keeps only the key's hash. Closing forgets them.
 */
export function GatewayKeyDialog({
  created,
  onClose,
}: {
  created: AdminGatewayCreateResponse | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={created !== null}
      title={t('admin.gateways.keyTitle', { name: created?.gateway.name ?? '' })}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      {created && (
        <>
          <p>{t('admin.gateways.keyOnce')}</p>
          <CopyField label={t('admin.gateways.key')} value={created.key} />
          <CopyField
            label={t('admin.gateways.httpCommand')}
            value={created.instructions.httpCommand}
            multiline
          />
          <CopyField label={t('admin.gateways.mqttTopic')} value={created.instructions.mqttTopic} />
          {created.mqttUsername ? (
            <>
              <CopyField label={t('admin.gateways.mqttUsername')} value={created.mqttUsername} />
              <p className="wb-admin__hint">{t('admin.gateways.mqttOwnLogin')}</p>
            </>
          ) : (
            <p className="wb-admin__hint">{t('admin.gateways.mqttPassword')}</p>
          )}
          <div className="wb-admin__actions">
            <button type="button" className="wb-button wb-button--primary" onClick={onClose}>
              {t('admin.common.done')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
