import type { HistoryRefusal } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { RefusalList } from './RefusalList';

export interface PreviewRow {
  row: number;
  serial: string;
  ts: string;
  kwh: number;
  kw: number | null;
}

/** The file's first rows as they will be stored (the factory's clock), and what would be refused. */
export function PreviewTable({ rows, refused }: { rows: PreviewRow[]; refused: HistoryRefusal[] }) {
  const { t, i18n } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const number = (value: number) => value.toLocaleString(i18n.language);
  const title = t('admin.import.previewTitle');
  return (
    <>
      <h3 className="wb-admin-panel__subtitle">{title}</h3>
      {rows.length === 0 ? (
        <p className="wb-admin__hint">{t('admin.import.previewEmpty')}</p>
      ) : (
        <ResponsiveTable label={title}>
          <table className="wb-table wb-admin-table">
            <caption className="wb-visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="wb-num">
                  {t('admin.import.columns.row')}
                </th>
                <th scope="col">{t('admin.import.columns.serial')}</th>
                <th scope="col">{t('admin.import.columns.time')}</th>
                <th scope="col" className="wb-num">
                  {t('admin.import.columns.kwh')}
                </th>
                <th scope="col" className="wb-num">
                  {t('admin.import.columns.kw')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.row}-${row.serial}`} data-testid="history-preview-row">
                  <td className="wb-num">{row.row}</td>
                  <td>{row.serial}</td>
                  <td>{factoryDateTime(row.ts, zone) ?? row.ts}</td>
                  <td className="wb-num">{number(row.kwh)}</td>
                  <td className="wb-num">{row.kw === null ? '—' : number(row.kw)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ResponsiveTable>
      )}
      <RefusalList
        title={t('admin.import.previewRefused')}
        refused={refused}
        count={refused.length}
      />
    </>
  );
}
