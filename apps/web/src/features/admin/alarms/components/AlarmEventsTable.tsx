import type { AdminEvent } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber, MISSING } from '@/lib/format';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

/** Opened, node, target, title in the page's language, value, state, cleared when and by whom. */
export function AlarmEventsTable({ events }: { events: AdminEvent[] }) {
  const { t, i18n } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const zh = i18n.language.startsWith('zh');
  return (
    <ResponsiveTable label={t('admin.alarms.title')}>
      <table className="wb-table wb-admin-table">
        <caption className="wb-visually-hidden">{t('admin.alarms.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.alarms.opened')}</th>
            <th scope="col">{t('admin.alarms.node')}</th>
            <th scope="col">{t('admin.alarms.alarm')}</th>
            <th scope="col">{t('admin.alarms.value')}</th>
            <th scope="col">{t('admin.alarms.state')}</th>
            <th scope="col">{t('admin.alarms.cleared')}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id} data-testid="admin-event-row">
              <td>{factoryDateTime(event.openedAt, zone)}</td>
              <td>{(zh ? event.nodeChName : event.nodeName) ?? MISSING}</td>
              <th scope="row">
                {zh ? event.title : event.titleText}
                <span className="wb-admin-node__zh">{zh ? event.desc : event.descText}</span>
              </th>
              <td>{formatNumber(event.value, i18n.language)}</td>
              <td>{t(`admin.alarms.states.${event.state}`)}</td>
              <td>
                {event.resolvedAt
                  ? t('admin.alarms.clearedBy', {
                      time: factoryDateTime(event.resolvedAt, zone),
                      name: event.resolvedBy ?? t('admin.alarms.automatically'),
                    })
                  : MISSING}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
