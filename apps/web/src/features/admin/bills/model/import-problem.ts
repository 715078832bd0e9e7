import { fieldMessage } from '@/features/admin/shared/model/field-message';

/** A text to show: a translation key and its values. */
export interface ProblemText {
  key: string;
  values?: Record<string, string>;
}

/** A CSV import's refusal, read back into its parts so it is told in the page's language. */
export type CsvProblem =
  | { kind: 'row'; row: string; column: string; reason: ProblemText }
  | { kind: 'file'; text: ProblemText };

/**
 * The bill's own rules, from the contract's (English) message: a figure that
 * is no number, one too large, a period too long, an account no billing point
 * has. Null for anything else.
 */
export function billRule(message: string): ProblemText | null {
  const account = /no billing point has the account (.*)$/.exec(message);
  if (account) {
    return { key: 'admin.bills.import.noAccount', values: { account: account[1]!.trim() } };
  }
  if (/Expected a number/.test(message)) return { key: 'admin.bills.fields.notNumber' };
  if (/ is too large\b/.test(message)) return { key: 'admin.bills.fields.tooLarge' };
  const days = /period is at most (\d+) days/.exec(message);
  if (days) return { key: 'admin.validation.rangeDays', values: { max: days[1]! } };
  return null;
}

/** Why a row's field was refused: the bill's rules, then the shared field messages; null if neither knows it. */
export function billReason(message: string): ProblemText | null {
  const rule = billRule(message);
  if (rule) return rule;
  const known = fieldMessage(message);
  return known && known.key !== 'admin.validation.invalid' ? known : null;
}

/**
 * The server's import refusals (apps/server's bill-csv): "row 3, total: …",
 * "csv: unknown column …", "csv: the column … is missing", "csv: no bill rows
 * under the header", or the CSV parser's own "csv: …". Null for any other
 * message (a refusal that is not about the file).
 */
export function csvProblem(message: string): CsvProblem | null {
  const row = /^row (\d+), ([\w.]+): (.*)$/s.exec(message);
  if (row) {
    const [, number, column, reason] = row as unknown as [string, string, string, string];
    return {
      kind: 'row',
      row: number,
      column,
      reason: billReason(reason) ?? {
        key: 'admin.bills.import.asSaid',
        values: { message: reason },
      },
    };
  }
  const file = /^csv: (.*)$/s.exec(message)?.[1];
  if (file === undefined) return null;
  const unknown = /^unknown column (.*)$/.exec(file);
  if (unknown)
    return {
      kind: 'file',
      text: { key: 'admin.bills.import.unknownColumn', values: { columns: unknown[1]! } },
    };
  const missing = /^the column (\w+) is missing$/.exec(file);
  if (missing)
    return {
      kind: 'file',
      text: { key: 'admin.bills.import.missingColumn', values: { column: missing[1]! } },
    };
  if (/^no bill rows/.test(file))
    return { kind: 'file', text: { key: 'admin.bills.import.noRows' } };
  return { kind: 'file', text: { key: 'admin.bills.import.malformed', values: { message: file } } };
}
