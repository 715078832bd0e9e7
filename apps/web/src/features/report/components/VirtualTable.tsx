import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import type { ReactElement } from 'react';

export interface TableColumn<Row> {
  id: string;
  header: string;
  numeric?: boolean;
  /** Width in rem: the table's layout is fixed, so scrolling never re-measures columns. */
  width: number;
  cell: (row: Row) => string;
}

interface VirtualTableProps<Row> {
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  /** The table's accessible name; the scroll region is named after it. */
  label: string;
  rowKey: (row: Row, index: number) => string;
  /** Called when the last rows come into view (to fetch the next page). */
  onNearEnd?: () => void;
}

interface VirtualRowProps<Row> {
  row: Row;
  index: number;
  columns: readonly TableColumn<Row>[];
}

/**
 * One drawn row. Memoised: while scrolling only the rows coming into view are
 * formatted; the ones already drawn keep their cells (same row, same columns).
 */
const VirtualRow = memo(function VirtualRow<Row>({ row, index, columns }: VirtualRowProps<Row>) {
  return (
    <tr aria-rowindex={index + 2} style={{ height: ROW_HEIGHT }}>
      {columns.map((column) => (
        <td key={column.id} className={column.numeric ? 'wb-num' : undefined}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
}) as <Row>(props: VirtualRowProps<Row>) => ReactElement;

/** Every row has one height, so the virtualizer knows positions without measuring. */
export const ROW_HEIGHT = 33;
/** Rows drawn beyond the visible ones, so fast scrolling shows no blank band. */
const OVERSCAN = 12;
/** The next page is fetched when this many rows remain below the view. */
const NEAR_END_ROWS = 200;

/**
 * A real <table> that only draws the rows in view (TanStack Virtual) between
 * two spacer rows, so 50,000 rows scroll as smoothly as 50; its layout is
 * fixed (column widths given), so new rows cost no column measuring. The header sticks
 * to the top and the first column to the left; aria-rowcount/rowindex tell
 * assistive technology the full size. The scroll region takes keyboard focus.
 */
export function VirtualTable<Row>({
  rows,
  columns,
  label,
  rowKey,
  onNearEnd,
}: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? total - (items[items.length - 1]?.end ?? total) : 0;
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (onNearEnd && rows.length > 0 && lastIndex >= rows.length - NEAR_END_ROWS) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  return (
    <div ref={scrollRef} className="wb-report-scroll" tabIndex={0} role="region" aria-label={label}>
      <table
        className="wb-table wb-report-table"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        style={{ width: `${columns.reduce((sum, column) => sum + column.width, 0)}rem` }}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={{ width: `${column.width}rem` }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.numeric ? 'wb-num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="wb-report-spacer">
              <td colSpan={columns.length} style={{ height: paddingTop }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <VirtualRow
                key={rowKey(row, item.index)}
                row={row}
                index={item.index}
                columns={columns}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="wb-report-spacer">
              <td colSpan={columns.length} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
