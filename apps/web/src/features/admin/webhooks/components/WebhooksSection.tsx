import { useState } from 'react';
import type { AdminWebhook, LineBinding } from '@wattboard/contract';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/Dialog';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { ConfirmDialog } from '@/features/admin/shared/components/ConfirmDialog';
import { CopyField } from '@/features/admin/shared/components/CopyField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useAdminWebhooks } from '../api/webhook-list';
import { useRemoveWebhook } from '../api/webhook-remove';
import { useTestWebhook } from '../api/webhook-test';
import { LineBindingDialog } from './LineBindingDialog';
import { WebhookDialog } from './WebhookDialog';
import { WebhooksTable } from './WebhooksTable';
import './webhooks.css';

/**
 * Alert webhooks (issue #28): where the factory's alarms and demand warnings
 * are POSTed besides e-mail; add, change, test now, remove; a signing secret
 * or a LINE binding code shown once.
 */
export function WebhooksSection() {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const webhooks = useAdminWebhooks();
  const remove = useRemoveWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState<AdminWebhook | null | undefined>(undefined);
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [binding, setBinding] = useState<{ name: string; value: LineBinding } | null>(null);
  const [removing, setRemoving] = useState<AdminWebhook | null>(null);
  // The last test's outcome stays on the page (a toast would vanish before it is read).
  const [tested, setTested] = useState<{ delivered: boolean; text: string } | null>(null);

  const runTest = (webhook: AdminWebhook) => {
    setTested(null);
    test.mutate(webhook.id, {
      onSuccess: (answer) =>
        setTested({
          delivered: answer.delivered,
          text: answer.delivered
            ? t('admin.webhooks.testDelivered', { name: webhook.name })
            : t('admin.webhooks.testFailed', {
                name: webhook.name,
                error: answer.error ?? String(answer.httpStatus),
              }),
        }),
      onError: (error) => setTested({ delivered: false, text: texts.error(error) }),
    });
  };
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(t('admin.webhooks.removed', { name: removing.name }));
        setRemoving(null);
      },
      onError: (error) => toast.error(texts.error(error)),
    });

  return (
    <div className="wb-admin-panel">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.webhooks.title')}</h2>
        <button
          type="button"
          className="wb-button wb-button--primary"
          onClick={() => setEditing(null)}
        >
          <Plus size={16} aria-hidden="true" />
          {t('admin.webhooks.add')}
        </button>
      </div>
      <p className="wb-admin__hint">{t('admin.webhooks.intro')}</p>
      <p
        role="status"
        data-testid="webhook-test-result"
        className={tested?.delivered === false ? 'wb-field__error' : undefined}
      >
        {tested?.text}
      </p>
      {webhooks.isPending ? (
        <LoadingState />
      ) : webhooks.isError ? (
        <ErrorState onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.webhooks.length === 0 ? (
        <EmptyState text={t('admin.webhooks.empty')} />
      ) : (
        <WebhooksTable
          webhooks={webhooks.data.webhooks}
          onEdit={setEditing}
          onTest={runTest}
          onRemove={setRemoving}
          testing={test.isPending ? (test.variables ?? null) : null}
        />
      )}
      <WebhookDialog
        editing={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(value, name, lineBinding) => {
          setEditing(undefined);
          toast.success(t('admin.webhooks.saved', { name }));
          if (value) setSecret({ name, value });
          if (lineBinding) setBinding({ name, value: lineBinding });
        }}
      />
      <LineBindingDialog binding={binding} onClose={() => setBinding(null)} />
      <Dialog
        open={secret !== null}
        title={t('admin.webhooks.secretTitle', { name: secret?.name ?? '' })}
        closeLabel={t('admin.common.close')}
        onClose={() => setSecret(null)}
      >
        <p>{t('admin.webhooks.secretOnce')}</p>
        {secret && <CopyField label={t('admin.webhooks.secret')} value={secret.value} />}
        <div className="wb-admin__actions">
          <button
            type="button"
            className="wb-button wb-button--primary"
            onClick={() => setSecret(null)}
          >
            {t('admin.common.done')}
          </button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.webhooks.removeTitle', { name: removing?.name ?? '' })}
        text={t('admin.webhooks.removeText')}
        confirmLabel={t('admin.webhooks.remove')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
