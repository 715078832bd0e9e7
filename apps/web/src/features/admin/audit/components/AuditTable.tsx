import type { AuditEntry } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { MISSING } from '@/lib/format';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

/** Time (factory clock), who, what, on what, from where, and the details. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  return (
    // It scrolls sideways on a phone: a named, focusable region a keyboard can scroll (issue #14).
    <ResponsiveTable label={t('admin.audit.title')}>
      <table className="wb-table wb-admin-table">
        <caption className="wb-visually-hidden">{t('admin.audit.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.audit.time')}</th>
            <th scope="col">{t('admin.audit.actor')}</th>
            <th scope="col">{t('admin.audit.action')}</th>
            <th scope="col">{t('admin.audit.target')}</th>
            <th scope="col">{t('admin.audit.address')}</th>
            <th scope="col">{t('admin.audit.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="admin-audit-row">
              <td>{factoryDateTime(entry.time, zone) ?? entry.time}</td>
              <th scope="row">{entry.actor}</th>
              <td>
                <code>{entry.action}</code>
              </td>
              <td>{entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : MISSING}</td>
              <td>{entry.address ?? MISSING}</td>
              <td className="wb-admin-audit__detail">
                {Object.keys(entry.detail).length > 0 ? JSON.stringify(entry.detail) : MISSING}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
