import { BILL_LINES } from '@wattboard/contract';
import type { BillFigures, BillLine, ReconciledBill } from '@wattboard/contract';
import { formatFixed, formatWithUnit, MISSING } from '@/lib/format';
import { formatMoney } from '@/lib/money';

/** Taipower bills are in NT$; the bill's lines are never another currency. */
const CURRENCY = 'TWD';

/** Our total within ±0.5 % of the bill's is the goal (decision 0063); beyond it a row stands out. */
export const GOAL_PERCENT = 0.5;

type LineKind = 'kWh' | 'kW' | '%' | 'money';

/** How each printed line reads: energy, demand, the power factor, or money. */
export const LINE_KIND: Record<BillLine, LineKind> = {
  kwhPeak: 'kWh',
  kwhHalfPeak: 'kWh',
  kwhSaturdayHalfPeak: 'kWh',
  kwhOffPeak: 'kWh',
  maxDemandKw: 'kW',
  powerFactorPercent: '%',
  basicCharge: 'money',
  energyCharge: 'money',
  penalty: 'money',
  powerFactorAdjustment: 'money',
  total: 'money',
};

/** The lines a person types (all but the total, which is required and asked last). */
export const OPTIONAL_LINES = BILL_LINES.filter(
  (line): line is Exclude<BillLine, 'total'> => line !== 'total',
);

/** The time-of-use kWh lines a flat (非時間電價) bill does not print. */
const TIME_OF_USE_ONLY: readonly BillLine[] = ['kwhHalfPeak', 'kwhSaturdayHalfPeak', 'kwhOffPeak'];

const blank = (value: number | null) => value === null || value === 0;

/**
 * The lines one bill shows, each with its label's key. On a flat tariff
 * (`allDay`) every kWh is on the peak line, which is named all day, and the
 * other kWh lines are left out while neither side has a figure there (one
 * typed in by mistake still shows).
 */
export function shownLines(bill: Pick<ReconciledBill, 'allDay' | 'entered' | 'ours'>) {
  return BILL_LINES.filter(
    (line) =>
      !bill.allDay ||
      !TIME_OF_USE_ONLY.includes(line) ||
      !blank(bill.entered[line]) ||
      !blank(bill.ours[line]),
  ).map((line) => ({
    line,
    labelKey:
      bill.allDay && line === 'kwhPeak' ? 'admin.bills.line.kwhAllDay' : `admin.bills.line.${line}`,
  }));
}

/** One line's figure with its unit; a line the bill does not print (null) is a dash. */
export function formatLine(line: BillLine, value: number | null, language: string): string {
  const kind = LINE_KIND[line];
  if (kind === 'money') return formatMoney(value, CURRENCY, language);
  return formatWithUnit(value, kind, language);
}

/** A change shows its sign, so "ours is higher" reads at a glance. */
const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);

/** ours − the bill's for one line, rounded off float noise; null unless both have it. */
export function lineDifference(line: BillLine, entered: BillFigures, ours: BillFigures) {
  const theirs = entered[line];
  const mine = ours[line];
  if (theirs === null || mine === null) return null;
  const digits = LINE_KIND[line] === 'money' ? 100 : 1000;
  return Math.round((mine - theirs) * digits) / digits;
}

export function formatLineDifference(line: BillLine, value: number | null, language: string) {
  return value === null ? MISSING : signed(formatLine(line, value, language), value);
}

export function formatMoneyDifference(value: number | null, language: string): string {
  return value === null ? MISSING : signed(formatMoney(value, CURRENCY, language), value);
}

/** "+0.62 %": two decimals, as the goal is half a per cent. */
export function formatPercentDifference(value: number | null, language: string): string {
  return value === null ? MISSING : signed(`${formatFixed(value, language, 2)} %`, value);
}

export function outsideGoal(percent: number | null): boolean {
  return percent !== null && Math.abs(percent) > GOAL_PERCENT;
}

export function formatBillMoney(value: number | null, language: string): string {
  return formatMoney(value, CURRENCY, language);
}
