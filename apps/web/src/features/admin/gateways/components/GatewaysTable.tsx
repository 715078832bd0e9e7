import type { AdminGateway } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

/** Name, created, last seen (factory clock), status, its Meters and Revoke. */
export function GatewaysTable({
  gateways,
  onRevoke,
  onMeters,
}: {
  gateways: AdminGateway[];
  onRevoke: (gateway: AdminGateway) => void;
  onMeters: (gateway: AdminGateway) => void;
}) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  return (
    <ResponsiveTable label={t('admin.gateways.title')}>
      <table className="wb-table wb-admin-table">
        <caption className="wb-visually-hidden">{t('admin.gateways.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.gateways.columns.name')}</th>
            <th scope="col">{t('admin.gateways.columns.created')}</th>
            <th scope="col">{t('admin.gateways.columns.lastSeen')}</th>
            <th scope="col">{t('admin.gateways.columns.status')}</th>
            <th scope="col">{t('admin.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {gateways.map((gateway) => {
            const revoked = gateway.revokedAt !== null;
            return (
              <tr key={gateway.id} data-testid="admin-gateway-row">
                <th scope="row">{gateway.name}</th>
                <td>{factoryDateTime(gateway.createdAt, zone)}</td>
                <td>
                  {factoryDateTime(gateway.lastSeenAt, zone) ?? t('admin.gateways.neverSeen')}
                </td>
                <td>
                  <span
                    className={`wb-admin-status wb-admin-status--${revoked ? 'revoked' : 'active'}`}
                  >
                    {revoked
                      ? t('admin.gateways.revokedAt', {
                          time: factoryDateTime(gateway.revokedAt, zone),
                        })
                      : t('admin.gateways.active')}
                  </span>
                </td>
                <td className="wb-admin-table__actions">
                  <button
                    type="button"
                    className="wb-button wb-button--secondary"
                    onClick={() => onMeters(gateway)}
                  >
                    {t('admin.gatewayMeters.open')}
                  </button>
                  {!revoked && (
                    <button
                      type="button"
                      className="wb-button wb-button--secondary"
                      onClick={() => onRevoke(gateway)}
                    >
                      {t('admin.gateways.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
