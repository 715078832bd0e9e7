/** The shape of a downloadable sheet (CSV or .xlsx), shared by every file the product writes. */

/** A cell as both writers take it: text, a number (written with a dot), or empty. */
export type Cell = string | number | null;

/** What a column holds, for the .xlsx number format and width. */
export type ColumnKind = 'id' | 'text' | 'time' | 'measure' | 'factor';

export interface SheetLayout {
  headers: string[];
  kinds: ColumnKind[];
  /**
   * When set (the .xlsx), time cells are written as dates on this zone's wall
   * clock and their headers name the zone; unset (CSV), they stay ISO text
   * with their offset.
   */
  timeZone?: string;
}

/** The layout for a file whose time cells are the factory's local dates: "Reading time (Asia/Taipei)". */
export function withTimeZone(layout: SheetLayout, timeZone: string): SheetLayout {
  return {
    headers: layout.headers.map((header, index) =>
      layout.kinds[index] === 'time' ? `${header} (${timeZone})` : header,
    ),
    kinds: layout.kinds,
    timeZone,
  };
}
