import type { EmissionFactorEntry } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { MISSING, formatNumber } from '@/lib/format';
import { sourceIn } from '@/features/admin/shared/model/source-in';
import { newestFirst } from '../model/emission-factor-form';

interface EmissionFactorsTableProps {
  factors: readonly EmissionFactorEntry[];
  onEdit: (entry: EmissionFactorEntry) => void;
  onRemove: (entry: EmissionFactorEntry) => void;
}

/** One row a year, newest first: year, kg CO2e/kWh, source, and its actions. */
export function EmissionFactorsTable({ factors, onEdit, onRemove }: EmissionFactorsTableProps) {
  const { t, i18n } = useTranslation();
  const title = t('admin.emissionFactors.title');
  return (
    <ResponsiveTable label={title}>
      <table className="wb-table wb-admin-table">
        <caption className="wb-visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.emissionFactors.year')}</th>
            <th scope="col" className="wb-num">
              {t('admin.emissionFactors.factor')}
            </th>
            <th scope="col">{t('admin.emissionFactors.source')}</th>
            <th scope="col">{t('admin.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {newestFirst(factors).map((entry) => (
            <tr key={entry.year} data-testid="emission-factor-row">
              <th scope="row">{entry.year}</th>
              <td className="wb-num">{formatNumber(entry.kgPerKwh, i18n.language, 4)}</td>
              <td className="wb-admin-table__wrap">{sourceIn(entry, i18n.language) || MISSING}</td>
              <td className="wb-admin-table__actions">
                <button
                  type="button"
                  className="wb-button wb-button--secondary"
                  aria-label={t('admin.emissionFactors.editYear', { year: entry.year })}
                  onClick={() => onEdit(entry)}
                >
                  {t('admin.emissionFactors.edit')}
                </button>
                <button
                  type="button"
                  className="wb-button wb-button--secondary"
                  aria-label={t('admin.emissionFactors.removeYear', { year: entry.year })}
                  onClick={() => onRemove(entry)}
                >
                  {t('admin.emissionFactors.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
