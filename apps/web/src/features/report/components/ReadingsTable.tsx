import { useMemo } from 'react';
import type { ChannelListEntry, ReportRow } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { formatFactoryTime, formatReading, MISSING } from '../model/format';
import { columnHeader, columnsWithData, READING_COLUMNS } from '../model/reading-columns';
import { channelNames } from '../model/readings-pages';
import { VirtualTable } from './VirtualTable';
import type { TableColumn } from './VirtualTable';

/** Column widths in rem: a date-time, a circuit's name, a serial, a reading with its decimals. */
const TIME_WIDTH = 11;
const NAME_WIDTH = 12;
const SERIAL_WIDTH = 8;
const NUMBER_WIDTH = 7.5;

interface ReadingsTableProps {
  rows: readonly ReportRow[];
  channels: readonly ChannelListEntry[];
  zone: string | null;
  label: string;
  onNearEnd?: () => void;
}

/** The readings table: one row per stored reading, factory-local times, units in the headers. */
export function ReadingsTable({ rows, channels, zone, label, onNearEnd }: ReadingsTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const columns = useMemo((): TableColumn<ReportRow>[] => {
    const names = channelNames(channels, language);
    const measured = columnsWithData(READING_COLUMNS, rows).map(
      (column): TableColumn<ReportRow> => ({
        id: column.field,
        header: columnHeader(
          column,
          t(`pages.report.columns.${column.quantity}`),
          t('pages.report.columns.total'),
        ),
        numeric: true,
        width: NUMBER_WIDTH,
        cell: (row) => formatReading(row[column.field] as number | null, language, column.digits),
      }),
    );
    return [
      {
        id: 'dtReading',
        width: TIME_WIDTH,
        header: t('pages.report.columns.time'),
        cell: (row) => formatFactoryTime(row.dtReading, zone),
      },
      {
        id: 'channel',
        width: NAME_WIDTH,
        header: t('pages.report.columns.channel'),
        cell: (row) => names.get(row.channelId) ?? `#${row.channelId}`,
      },
      ...measured,
      {
        id: 'serialNumber',
        width: SERIAL_WIDTH,
        header: t('pages.report.columns.serial'),
        cell: (row) => row.serialNumber || MISSING,
      },
      {
        id: 'dtReceived',
        width: TIME_WIDTH,
        header: t('pages.report.columns.received'),
        cell: (row) => formatFactoryTime(row.dtReceived, zone),
      },
    ];
  }, [channels, language, rows, t, zone]);

  return (
    <VirtualTable
      rows={rows}
      columns={columns}
      label={label}
      rowKey={(row) => `${row.dtReading}~${row.channelId}`}
      onNearEnd={onNearEnd}
    />
  );
}
