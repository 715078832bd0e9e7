import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { inputId, parseWrittenNumber } from '../input.ts';
import { localDate } from '../time.ts';
import { adminRequest } from './common.ts';

/**
 * Admin › Bills (issue #24): a Taipower bill entered by hand or imported from
 * CSV, and ours for the same billing point and period beside it, line by line.
 * Every figure is as the bill prints it: kWh, kW, per cent, TWD (tax included).
 */
export const BILL_LINES = [
  'kwhPeak',
  'kwhHalfPeak',
  'kwhSaturdayHalfPeak',
  'kwhOffPeak',
  'maxDemandKw',
  'powerFactorPercent',
  'basicCharge',
  'energyCharge',
  'penalty',
  'powerFactorAdjustment',
  'total',
] as const;
export type BillLine = (typeof BILL_LINES)[number];

/** One bill's figures; null where the bill (or our data) has none. */
export const billFigures = z.object(
  Object.fromEntries(BILL_LINES.map((line) => [line, z.number().nullable()])) as Record<
    BillLine,
    z.ZodNullable<z.ZodNumber>
  >,
);
export type BillFigures = z.infer<typeof billFigures>;

/** The most a bill's figure may be (TWD or kWh), well above any factory's month. */
export const BILL_FIGURE_MAX = 1e12;

/**
 * A figure as a bill prints it: a number, or text with thousands separators
 * ("52,340"); blank or null for a line the bill does not print.
 */
const printedNumber = z
  .union([z.null(), z.number(), z.string()], { error: 'Expected a number' })
  .transform((value, ctx): number | null => {
    if (value === null || typeof value === 'number') return value;
    const text = value.replaceAll(',', '').trim();
    if (text === '') return null;
    const parsed = parseWrittenNumber(text);
    if (parsed !== undefined && Number.isFinite(parsed)) return parsed;
    ctx.issues.push({ code: 'custom', message: 'Expected a number', input: value });
    return z.NEVER;
  });

const figureInput = (line: BillLine) =>
  printedNumber
    .pipe(
      z
        .number()
        .min(line === 'powerFactorAdjustment' ? -BILL_FIGURE_MAX : 0, `${line} must be 0 or more`)
        .max(
          line === 'powerFactorPercent' ? 100 : BILL_FIGURE_MAX,
          line === 'powerFactorPercent'
            ? 'powerFactorPercent must be at most 100'
            : `${line} is too large`,
        )
        .nullable(),
    )
    .default(null);

/** A bill as a person enters it: the period, and each line (blank = not printed); total required. */
export const enteredBillFields = {
  nodeId: inputId,
  periodFrom: localDate,
  periodTo: localDate,
  ...(Object.fromEntries(
    BILL_LINES.filter((line) => line !== 'total').map((line) => [line, figureInput(line)]),
  ) as Record<Exclude<BillLine, 'total'>, ReturnType<typeof figureInput>>),
  total: printedNumber.pipe(
    z
      .number({ error: 'total is required' })
      .min(0, 'total must be 0 or more')
      .max(BILL_FIGURE_MAX, 'total is too large'),
  ),
};

/** A bill's period may not run backwards or span more than two months. */
export const BILL_PERIOD_MAX_DAYS = 62;
export const billPeriodProblem = (from: string, to: string): string | null => {
  const days = (Date.parse(`${to}T00:00Z`) - Date.parse(`${from}T00:00Z`)) / 86_400_000 + 1;
  if (days < 1) return 'periodTo must not be before periodFrom';
  if (days > BILL_PERIOD_MAX_DAYS) return `the period is at most ${BILL_PERIOD_MAX_DAYS} days`;
  return null;
};

export const reconciledBill = z.object({
  id: z.number().int(),
  nodeId: z.number().int(),
  chName: z.string(),
  name: z.string(),
  accountNumber: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  /** What the bill prints. */
  entered: billFigures,
  /** Ours for the same point and period (the point's current contract terms and tariff history). */
  ours: billFigures,
  /** ours.total − entered.total (TWD) and as a per cent of entered.total; null when not comparable. */
  difference: z.number().nullable(),
  differencePercent: z.number().nullable(),
  /**
   * Additive: true when the point's tariff at the period's end is flat
   * (非時間電價): its kWh are one all-day line, in kwhPeak (decision 0068);
   * absent or false: time-of-use lines.
   */
  allDay: z.boolean().optional(),
});
export type ReconciledBill = z.infer<typeof reconciledBill>;

export const adminBillsResponse = withResponseEnvelope({
  /** Newest period first. */
  bills: z.array(reconciledBill),
});
export type AdminBillsResponse = z.infer<typeof adminBillsResponse>;

export const adminBillList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Bill/List',
  auth: true,
  request: adminRequest({}),
  response: adminBillsResponse,
});

/** Saves a bill; the same point and first day replaces the bill saved before (audited). */
export const adminBillSave = defineCall({
  method: 'POST',
  path: '/v1/Admin/Bill/Save',
  auth: true,
  request: adminRequest(enteredBillFields).superRefine((bill, ctx) => {
    const problem = billPeriodProblem(bill.periodFrom, bill.periodTo);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['periodTo'] });
  }),
  response: adminBillsResponse,
});

export const adminBillRemove = defineCall({
  method: 'POST',
  path: '/v1/Admin/Bill/Remove',
  auth: true,
  request: adminRequest({ billId: inputId }),
  response: adminBillsResponse,
});

/** CSV columns of an import, in any order; `accountNumber` names the billing point. */
export const BILL_CSV_COLUMNS = ['accountNumber', 'periodFrom', 'periodTo', ...BILL_LINES] as const;
export const BILL_CSV_MAX_CHARS = 200_000;

/**
 * Imports bills from CSV (UTF-8, a header row of BILL_CSV_COLUMNS, comma
 * separated): all rows or none. A bad row is refused naming its row and
 * column (201 Fail), e.g. "row 3, total: total must be 0 or more".
 */
export const adminBillImport = defineCall({
  method: 'POST',
  path: '/v1/Admin/Bill/Import',
  auth: true,
  request: adminRequest({
    csv: z
      .string({ error: 'csv is required' })
      .min(1, 'csv is required')
      .max(BILL_CSV_MAX_CHARS, `csv is at most ${BILL_CSV_MAX_CHARS} characters`),
  }),
  response: adminBillsResponse.extend({ imported: z.number().int().optional() }),
});
