import type { AdminOutboxItem } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { MISSING } from '@/lib/format';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useRetryMail } from '../api/mail-retry';
import { useRetryWebhookDelivery } from '../api/webhook-retry';

interface OutboxRowProps {
  item: AdminOutboxItem;
  zone: string | null;
}

/** One queued mail or webhook/chat delivery: when, where to, what, its state and Retry. */
export function OutboxRow({ item, zone }: OutboxRowProps) {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const retryMail = useRetryMail();
  const retryDelivery = useRetryWebhookDelivery();
  const email = item.channel === 'email';
  const retry = email ? retryMail : retryDelivery;
  // A delivery carries its event's title in both languages; a mail's subject already has both.
  const subject = i18n.language.startsWith('zh') ? (item.subjectZh ?? item.subject) : item.subject;
  const channel = email
    ? t('admin.mail.channels.email')
    : t(`admin.webhooks.formats.${item.channel}`);

  return (
    <tr data-testid="admin-mail-row">
      <td>{factoryDateTime(item.createdAt, zone)}</td>
      <td>{channel}</td>
      <td>{item.to}</td>
      <th scope="row">
        {subject ?? MISSING}
        {item.escalation && <span className="wb-admin__hint"> {t('admin.mail.escalation')}</span>}
      </th>
      <td>
        <span className={`wb-admin-status wb-admin-status--${item.status}`}>
          {t(`admin.mail.status.${item.status}`)}
        </span>
        <span className="wb-admin__hint">
          {' '}
          {item.status === 'sent'
            ? factoryDateTime(item.sentAt, zone)
            : t('admin.mail.attempts', { count: item.attempts })}
        </span>
        {item.lastError && <span className="wb-admin-node__zh">{item.lastError}</span>}
      </td>
      <td className="wb-admin-table__actions">
        {item.status === 'failed' ? (
          <button
            type="button"
            className="wb-button wb-button--secondary"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(item.id, {
                onSuccess: () => toast.success(t('admin.mail.retried', { to: item.to })),
                onError: (error) => toast.error(texts.error(error)),
              })
            }
          >
            {t('admin.mail.retry')}
          </button>
        ) : (
          MISSING
        )}
      </td>
    </tr>
  );
}
