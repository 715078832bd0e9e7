import { useState } from 'react';
import type { MailStatus } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { MISSING } from '@/lib/format';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useAdminMail } from '@/features/admin/shared/api/mail-list';
import { useRetryMail } from '../api/mail-retry';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

const STATUSES: MailStatus[] = ['pending', 'sending', 'sent', 'failed'];

/** Mail: the outbox (queued / sending / sent / failed with the last error) and Retry. */
export function MailSection() {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const [status, setStatus] = useState<MailStatus | ''>('');
  const mail = useAdminMail(status || undefined);
  const retry = useRetryMail();
  const rows = mail.data?.pages.flatMap((page) => page.mails) ?? [];

  return (
    <div className="wb-admin-panel">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.mail.title')}</h2>
        <label className="wb-admin-check">
          {t('admin.mail.show')}
          <select
            className="wb-select"
            value={status}
            onChange={(e) => setStatus(e.target.value as MailStatus | '')}
          >
            <option value="">{t('admin.common.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.mail.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {mail.isPending ? (
        <LoadingState />
      ) : mail.isError ? (
        <ErrorState onRetry={() => void mail.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState text={t('admin.mail.empty')} />
      ) : (
        <ResponsiveTable label={t('admin.mail.title')}>
          <table className="wb-table wb-admin-table">
            <caption className="wb-visually-hidden">{t('admin.mail.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.mail.columns.created')}</th>
                <th scope="col">{t('admin.mail.columns.to')}</th>
                <th scope="col">{t('admin.mail.columns.subject')}</th>
                <th scope="col">{t('admin.mail.columns.status')}</th>
                <th scope="col">{t('admin.common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id} data-testid="admin-mail-row">
                  <td>{factoryDateTime(m.createdAt, zone)}</td>
                  <td>{m.toAddress}</td>
                  <th scope="row">{m.subject}</th>
                  <td>
                    <span className={`wb-admin-status wb-admin-status--${m.status}`}>
                      {t(`admin.mail.status.${m.status}`)}
                    </span>
                    <span className="wb-admin__hint">
                      {' '}
                      {m.status === 'sent'
                        ? factoryDateTime(m.sentAt, zone)
                        : t('admin.mail.attempts', { count: m.attempts })}
                    </span>
                    {m.lastError && <span className="wb-admin-node__zh">{m.lastError}</span>}
                  </td>
                  <td className="wb-admin-table__actions">
                    {m.status === 'failed' ? (
                      <button
                        type="button"
                        className="wb-button wb-button--secondary"
                        disabled={retry.isPending}
                        onClick={() =>
                          retry.mutate(m.id, {
                            onSuccess: () =>
                              toast.success(t('admin.mail.retried', { to: m.toAddress })),
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
              ))}
            </tbody>
          </table>
        </ResponsiveTable>
      )}
      {mail.hasNextPage && (
        <button
          type="button"
          className="wb-button wb-button--secondary"
          disabled={mail.isFetchingNextPage}
          onClick={() => void mail.fetchNextPage()}
        >
          {t('admin.common.loadMore')}
        </button>
      )}
    </div>
  );
}
