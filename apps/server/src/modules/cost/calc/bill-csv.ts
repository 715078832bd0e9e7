import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import {
  BILL_CSV_COLUMNS,
  BILL_LINES,
  billPeriodProblem,
  enteredBillFields,
  type BillFigures,
} from '@wattboard/contract';
import type { EnteredBill } from '../repo/bill-records.ts';

/** A row's fields as the Save call checks them, the point named by its account number. */
const csvRow = z
  .object({ ...enteredBillFields, nodeId: z.unknown().optional() })
  .omit({ nodeId: true });

/** An account number compared by its digits: bills print dashes and spaces differently. */
export const accountDigits = (account: string) => account.replace(/\D/g, '');

export type BillCsvResult = { bills: EnteredBill[] } | { problem: string };

/**
 * Bills from a CSV text (UTF-8, optional BOM, a header row naming the columns
 * in any order; BILL_CSV_COLUMNS). Each row's `accountNumber` must be one of
 * `accounts` (digits compared). All rows or none: the first problem names its
 * row (the header is row 1) and column.
 */
export function parseBillCsv(csv: string, accounts: ReadonlyMap<string, number>): BillCsvResult {
  let records: Record<string, string>[];
  try {
    records = parse(csv, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    return { problem: `csv: ${(error as Error).message}` };
  }
  if (records.length === 0) return { problem: 'csv: no bill rows under the header' };
  const header = Object.keys(records[0]!);
  const unknown = header.filter((c) => !(BILL_CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0) return { problem: `csv: unknown column ${unknown.join(', ')}` };
  for (const column of ['accountNumber', 'periodFrom', 'periodTo', 'total']) {
    if (!header.includes(column)) return { problem: `csv: the column ${column} is missing` };
  }
  const bills: EnteredBill[] = [];
  for (const [index, record] of records.entries()) {
    const row = `row ${index + 2}`;
    const nodeId = accounts.get(accountDigits(record.accountNumber ?? ''));
    if (nodeId === undefined) {
      return {
        problem: `${row}, accountNumber: no billing point has the account ${record.accountNumber}`,
      };
    }
    const parsed = csvRow.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { problem: `${row}, ${issue.path.join('.')}: ${issue.message}` };
    }
    const periodProblem = billPeriodProblem(parsed.data.periodFrom, parsed.data.periodTo);
    if (periodProblem) return { problem: `${row}, periodTo: ${periodProblem}` };
    const figures = Object.fromEntries(
      BILL_LINES.map((line) => [line, parsed.data[line]]),
    ) as BillFigures;
    bills.push({
      nodeId,
      periodFrom: parsed.data.periodFrom,
      periodTo: parsed.data.periodTo,
      figures,
    });
  }
  return { bills };
}
