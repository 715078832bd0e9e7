import type { AdminBillingPoint } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { MISSING, formatWithUnit } from '@/lib/format';
import { OTHER_CONTRACT_TYPES } from '../model/billing-point-form';
import { pointName } from '../model/point-name';

interface BillingPointsTableProps {
  points: AdminBillingPoint[];
  onEdit: (point: AdminBillingPoint) => void;
  onRemove: (point: AdminBillingPoint) => void;
}

/** Point (main marked), contract capacity, reading day, account number; Edit, and Remove but on the main one. */
export function BillingPointsTable({ points, onEdit, onRemove }: BillingPointsTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <ResponsiveTable label={t('admin.billing.title')}>
      <table className="wb-table wb-admin-table wb-admin-billing__table">
        <caption className="wb-visually-hidden">{t('admin.billing.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.billing.columns.point')}</th>
            <th scope="col" className="wb-num">
              {t('admin.billing.columns.capacity')}
            </th>
            <th scope="col" className="wb-num">
              {t('admin.billing.columns.readingDay')}
            </th>
            <th scope="col">{t('admin.billing.columns.account')}</th>
            <th scope="col">{t('admin.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.nodeId} data-testid="admin-billing-row">
              <th scope="row" className="wb-admin-table__wrap">
                {pointName(point, language)}
                {point.main && (
                  <span className="wb-badge wb-badge--inline">{t('admin.billing.main')}</span>
                )}
              </th>
              <td className="wb-num">
                {point.contractCapacityKw === null
                  ? t('admin.billing.noCapacity')
                  : formatWithUnit(point.contractCapacityKw, 'kW', language)}
                {OTHER_CONTRACT_TYPES.filter((type) => point.otherContractsKw[type] > 0).map(
                  (type) => (
                    <span key={type} className="wb-admin-billing__other">
                      {t(`admin.billing.others.${type}`)}{' '}
                      {formatWithUnit(point.otherContractsKw[type], 'kW', language)}
                    </span>
                  ),
                )}
              </td>
              <td className="wb-num">
                {t('admin.billing.readingDayValue', { day: point.meterReadingDay })}
              </td>
              <td>{point.accountNumber || MISSING}</td>
              <td className="wb-admin-table__actions">
                <button
                  type="button"
                  className="wb-button wb-button--secondary"
                  onClick={() => onEdit(point)}
                >
                  {t('admin.billing.edit')}
                </button>
                {!point.main && (
                  <button
                    type="button"
                    className="wb-button wb-button--secondary"
                    onClick={() => onRemove(point)}
                  >
                    {t('admin.billing.remove')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
