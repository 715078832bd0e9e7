import { useState } from 'react';
import type { MailStatus, OutboxSide } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useAdminOutbox } from '@/features/admin/shared/api/mail-list';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { OutboxRow } from './OutboxRow';
import './outbox.css';

const STATUSES: MailStatus[] = ['pending', 'sending', 'sent', 'failed'];
const SIDES: OutboxSide[] = ['email', 'webhook'];

/**
 * The outbox of every channel (issue #28): e-mail and each webhook or chat
 * destination together, queued / sending / sent / failed with the last error,
 * and Retry.
 */
export function MailSection() {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [channel, setChannel] = useState<OutboxSide | ''>('');
  const outbox = useAdminOutbox({ status: status || undefined, channel: channel || undefined });
  const rows = outbox.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="wb-admin-panel">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.mail.title')}</h2>
        <div className="wb-outbox__filters">
          <label className="wb-admin-check">
            {t('admin.mail.channel')}
            <select
              className="wb-select"
              value={channel}
              onChange={(e) => setChannel(e.target.value as OutboxSide | '')}
            >
              <option value="">{t('admin.common.all')}</option>
              {SIDES.map((side) => (
                <option key={side} value={side}>
                  {t(`admin.mail.sides.${side}`)}
                </option>
              ))}
            </select>
          </label>
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
      </div>
      <p className="wb-admin__hint">{t('admin.mail.explain')}</p>
      {outbox.isPending ? (
        <LoadingState />
      ) : outbox.isError ? (
        <ErrorState onRetry={() => void outbox.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState text={t('admin.mail.empty')} />
      ) : (
        <ResponsiveTable label={t('admin.mail.title')}>
          <table className="wb-table wb-admin-table">
            <caption className="wb-visually-hidden">{t('admin.mail.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.mail.columns.created')}</th>
                <th scope="col">{t('admin.mail.columns.channel')}</th>
                <th scope="col">{t('admin.mail.columns.to')}</th>
                <th scope="col">{t('admin.mail.columns.subject')}</th>
                <th scope="col">{t('admin.mail.columns.status')}</th>
                <th scope="col">{t('admin.common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((item) => (
                <OutboxRow
                  key={`${item.channel === 'email' ? 'm' : 'w'}${item.id}`}
                  item={item}
                  zone={zone}
                />
              ))}
            </tbody>
          </table>
        </ResponsiveTable>
      )}
      {outbox.hasNextPage && (
        <button
          type="button"
          className="wb-button wb-button--secondary"
          disabled={outbox.isFetchingNextPage}
          onClick={() => void outbox.fetchNextPage()}
        >
          {t('admin.common.loadMore')}
        </button>
      )}
    </div>
  );
}
