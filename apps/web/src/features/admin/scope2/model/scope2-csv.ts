import type { Scope2Month, Scope2Point, Scope2Response } from '@wattboard/contract';

/** The report's texts in the UI language; the numbers stay machine-readable. */
export interface Scope2CsvTexts {
  /** Billing point, account number, month, kWh, tCO2e. */
  header: readonly [string, string, string, string, string];
  /** The Total row's month cell. */
  total: string;
  /** The point cell of the factory's rows. */
  factory: string;
  /** The point cell of the market-based row. */
  marketBased: string;
  /** The point cell of the certificates row. */
  certificates: string;
  /** The note row: the factor used and its source. */
  note: string;
}

const BOM = '\uFEFF';

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break (quotes
 * doubled, RFC 4180). A text a spreadsheet would read as a formula (=, +, -,
 * @ first) is kept as text with a leading apostrophe.
 */
export function csvText(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number as Excel reads it in any locale: no thousands separators, at most 3 decimals. */
export function csvNumber(value: number, digits?: number): string {
  return digits === undefined ? String(Number(value.toFixed(3))) : value.toFixed(digits);
}

type Row = readonly string[];

function rowsOf(
  who: string,
  account: string,
  months: readonly Scope2Month[],
  totals: { kwh: number; tco2e: number },
  total: string,
): Row[] {
  const row = (month: string, kwh: number, tco2e: number): Row => [
    csvText(who),
    csvText(account),
    csvText(month),
    csvNumber(kwh),
    csvNumber(tco2e, 3),
  ];
  return [...months.map((m) => row(m.month, m.kwh, m.tco2e)), row(total, totals.kwh, totals.tco2e)];
}

/**
 * The yearly Scope 2 report as a CSV file's text, for Excel in English and
 * 中文: UTF-8 with a BOM, CRLF lines; a header row, then each billing point's
 * months and total, then the factory's (location-based), the market-based
 * kWh and t, the T-REC certificates' kWh with their note in a sixth cell, and
 * a last row with the factor and its source.
 */
export function scope2Csv(
  report: Pick<
    Scope2Response,
    'months' | 'kwh' | 'tco2e' | 'points' | 'marketBased' | 'certificates'
  >,
  texts: Scope2CsvTexts,
  pointName: (point: Scope2Point) => string,
): string {
  const rows: Row[] = [
    texts.header.map(csvText),
    ...report.points.flatMap((point) =>
      rowsOf(pointName(point), point.accountNumber, point.months, point, texts.total),
    ),
    ...rowsOf(texts.factory, '', report.months, report, texts.total),
    [
      csvText(texts.marketBased),
      '',
      '',
      csvNumber(report.marketBased.kwh),
      csvNumber(report.marketBased.tco2e, 3),
    ],
    [
      csvText(texts.certificates),
      '',
      '',
      csvNumber(report.certificates.kwh),
      '',
      csvText(report.certificates.note),
    ],
    [],
    [csvText(texts.note)],
  ];
  return BOM + rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
}

/** The downloaded file's name. */
export function scope2FileName(year: number): string {
  return `scope2-${year}.csv`;
}
