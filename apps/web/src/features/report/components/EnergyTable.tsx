import { useMemo } from 'react';
import type {
  ChannelListEntry,
  EnergyFigures,
  EnergyInterval,
  EnergyRow,
} from '@wattboard/contract';
import { COST_CURRENCY } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { currencyUnit, formatAmount } from '@/lib/money';
import { ENERGY_COLUMNS, energyColumnsFor, intervalPattern } from '../model/energy-table';
import type { EnergyColumn } from '../model/energy-table';
import { formatFactoryTime, formatReading } from '../model/format';
import { channelNames } from '../model/readings-pages';
import { VirtualTable } from './VirtualTable';
import type { TableColumn } from './VirtualTable';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

interface EnergyTableProps {
  rows: readonly EnergyRow[];
  totals: readonly EnergyFigures[];
  channels: readonly ChannelListEntry[];
  interval: EnergyInterval;
  zone: string | null;
  label: string;
}

function useFigureColumns<Row extends EnergyFigures>(
  channels: readonly ChannelListEntry[],
  shown: readonly EnergyColumn[],
) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo((): TableColumn<Row>[] => {
    const names = channelNames(channels, language);
    return [
      {
        id: 'channel',
        width: 12,
        header: t('pages.report.columns.channel'),
        cell: (row) => names.get(row.channelId) ?? `#${row.channelId}`,
      },
      ...shown.map((column): TableColumn<Row> => ({
        id: column.field,
        header: `${t(`pages.report.energyColumns.${column.field}`)} (${column.unit})`,
        numeric: true,
        width: 8,
        cell: (row) => formatReading(row[column.field], language, column.digits),
      })),
      {
        // Issue #15: the cost of the same net energy, in the tariff's currency (cents kept).
        id: 'cost',
        header: t('cost.columns.cost', { unit: currencyUnit(COST_CURRENCY, language) }),
        numeric: true,
        width: 8,
        cell: (row) => formatAmount(row.cost, language, 2),
      },
    ];
  }, [channels, language, shown, t]);
}

/** The energy view: one row per channel and interval, then the range's totals per channel. */
export function EnergyTable({ rows, totals, channels, interval, zone, label }: EnergyTableProps) {
  const { t } = useTranslation();
  // Rows and totals show the same columns, so the two tables line up.
  const shown = useMemo(
    () => energyColumnsFor(ENERGY_COLUMNS, [...rows, ...totals]),
    [rows, totals],
  );
  const figures = useFigureColumns<EnergyRow>(channels, shown);
  const totalColumns = useFigureColumns<EnergyFigures>(channels, shown);
  const columns = useMemo(
    (): TableColumn<EnergyRow>[] => [
      {
        id: 'dtStart',
        width: 9.5,
        header: t('pages.report.columns.intervalStart'),
        cell: (row) => formatFactoryTime(row.dtStart, zone, intervalPattern(interval)),
      },
      ...figures,
    ],
    [figures, interval, t, zone],
  );
  return (
    <>
      <VirtualTable
        rows={rows}
        columns={columns}
        label={label}
        rowKey={(row) => `${row.dtStart}~${row.channelId}`}
      />
      {totals.length > 0 && (
        <ResponsiveTable label={t('pages.report.totalsTable')} className="wb-report-totals">
          <table className="wb-table" aria-label={t('pages.report.totalsTable')}>
            <caption className="wb-report-caption">{t('pages.report.totalsTable')}</caption>
            <thead>
              <tr>
                {totalColumns.map((column) => (
                  <th key={column.id} scope="col" className={column.numeric ? 'wb-num' : undefined}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {totals.map((total) => (
                <tr key={total.channelId}>
                  {totalColumns.map((column) => (
                    <td key={column.id} className={column.numeric ? 'wb-num' : undefined}>
                      {column.cell(total)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ResponsiveTable>
      )}
    </>
  );
}
