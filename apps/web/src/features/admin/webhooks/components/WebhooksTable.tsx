import type { AdminWebhook } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { factoryDateTime } from '@/features/admin/shared/model/times';

interface WebhooksTableProps {
  webhooks: AdminWebhook[];
  onEdit: (webhook: AdminWebhook) => void;
  onTest: (webhook: AdminWebhook) => void;
  onRemove: (webhook: AdminWebhook) => void;
  testing: number | null;
}

/** Name and address, format, what it receives, its newest delivery, and its actions. */
export function WebhooksTable({ webhooks, onEdit, onTest, onRemove, testing }: WebhooksTableProps) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const receives = (webhook: AdminWebhook) =>
    [
      webhook.alarms ? t('admin.webhooks.fields.alarms') : null,
      webhook.anomalies ? t('admin.webhooks.fields.anomalies') : null,
      webhook.offline ? t('admin.webhooks.fields.offline') : null,
      webhook.demand ? t('admin.webhooks.fields.demand') : null,
      webhook.reports ? t('admin.webhooks.fields.reports') : null,
    ]
      .filter(Boolean)
      .join(t('admin.webhooks.listJoin')) || t('admin.webhooks.nothing');
  return (
    <ResponsiveTable label={t('admin.webhooks.title')}>
      <table className="wb-table wb-admin-table">
        <caption className="wb-visually-hidden">{t('admin.webhooks.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.webhooks.fields.name')}</th>
            <th scope="col">{t('admin.webhooks.fields.format')}</th>
            <th scope="col">{t('admin.webhooks.columns.receives')}</th>
            <th scope="col">{t('admin.webhooks.columns.last')}</th>
            <th scope="col">{t('admin.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {webhooks.map((webhook) => {
            const last = webhook.lastDelivery;
            return (
              <tr key={webhook.id} data-testid="admin-webhook-row">
                <th scope="row">
                  {webhook.name}
                  <div className="wb-admin__hint wb-webhook-url">
                    {webhook.format === 'telegram'
                      ? `${webhook.telegramChatId ?? ''} · ${webhook.telegramToken ?? ''}`
                      : webhook.format === 'line'
                        ? (webhook.line?.webhookUrl ?? '')
                        : webhook.url}
                  </div>
                  {webhook.line && (
                    <div className="wb-admin__hint" data-testid="admin-webhook-line">
                      {webhook.line.bound
                        ? t(`admin.webhooks.line.bound.${webhook.line.chatType ?? 'user'}`)
                        : webhook.line.codeExpiresAt
                          ? t('admin.webhooks.line.waiting', {
                              time: factoryDateTime(webhook.line.codeExpiresAt, zone),
                            })
                          : t('admin.webhooks.line.unbound')}
                    </div>
                  )}
                </th>
                <td>{t(`admin.webhooks.formats.${webhook.format}`)}</td>
                <td>
                  {webhook.enabled ? receives(webhook) : t('admin.webhooks.off')}
                  {webhook.quietHours && (
                    <div className="wb-admin__hint">
                      {t('admin.webhooks.quietSummary', webhook.quietHours)}
                    </div>
                  )}
                  {webhook.escalateAfterMinutes !== null && (
                    <div className="wb-admin__hint">
                      {t('admin.webhooks.escalateSummary', {
                        count: webhook.escalateAfterMinutes,
                      })}
                    </div>
                  )}
                </td>
                <td>
                  {last
                    ? t(`admin.webhooks.delivery.${last.status}`, {
                        time: factoryDateTime(last.at, zone),
                        attempts: last.attempts,
                      })
                    : t('admin.webhooks.delivery.none')}
                  {last?.error && <div className="wb-admin__hint">{last.error}</div>}
                  {webhook.failedLastWeek > 0 && (
                    <div className="wb-admin__hint">
                      {t('admin.webhooks.failedLastWeek', { count: webhook.failedLastWeek })}
                    </div>
                  )}
                </td>
                <td className="wb-admin-table__actions">
                  <button
                    type="button"
                    className="wb-button wb-button--secondary"
                    onClick={() => onEdit(webhook)}
                  >
                    {t('admin.webhooks.edit')}
                  </button>
                  <button
                    type="button"
                    className="wb-button wb-button--secondary"
                    disabled={testing === webhook.id}
                    onClick={() => onTest(webhook)}
                  >
                    {t('admin.webhooks.test')}
                  </button>
                  <button
                    type="button"
                    className="wb-button wb-button--secondary"
                    onClick={() => onRemove(webhook)}
                  >
                    {t('admin.webhooks.remove')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
