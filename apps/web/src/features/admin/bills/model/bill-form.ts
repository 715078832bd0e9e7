import { billPeriodProblem, enteredBillFields, localDate } from '@wattboard/contract';
import type { BillLine } from '@wattboard/contract';
import { z } from 'zod';
import { OPTIONAL_LINES } from './bill-lines';

/** The bill form as typed: every figure as text (blank = not printed), days as yyyy-MM-dd. */
export type BillFormValues = { nodeId: string; periodFrom: string; periodTo: string } & Record<
  BillLine,
  string
>;

/** Checks a text with one of the contract's fields; adds its first message at that field. */
function checkedBy(schema: z.ZodType) {
  return z.string().superRefine((value, ctx) => {
    const result = schema.safeParse(value);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'invalid' });
    }
  });
}

const day = (field: string) => z.string().min(1, `${field} is required`).pipe(checkedBy(localDate));

/**
 * The contract's own fields check each figure (thousands separators are fine,
 * blank is "not printed"), so the form refuses exactly what the server would,
 * before sending: the API client treats a request off the contract as a bug.
 */
export const billFormSchema = z
  .object({
    nodeId: z.string().min(1, 'nodeId is required'),
    periodFrom: day('periodFrom'),
    periodTo: day('periodTo'),
    ...(Object.fromEntries(
      OPTIONAL_LINES.map((line) => [line, checkedBy(enteredBillFields[line])]),
    ) as Record<Exclude<BillLine, 'total'>, ReturnType<typeof checkedBy>>),
    total: z.string().trim().min(1, 'total is required').pipe(checkedBy(enteredBillFields.total)),
  })
  .superRefine((values, ctx) => {
    if (!values.periodFrom || !values.periodTo) return;
    const problem = billPeriodProblem(values.periodFrom, values.periodTo);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['periodTo'] });
  });

export function emptyBillForm(nodeId = ''): BillFormValues {
  const lines = Object.fromEntries(OPTIONAL_LINES.map((line) => [line, '']));
  return { nodeId, periodFrom: '', periodTo: '', ...lines, total: '' } as BillFormValues;
}

/** The Save call's fields from a valid form: figures go as typed, the contract reads them. */
export function toBillSave(values: BillFormValues) {
  const lines = Object.fromEntries(OPTIONAL_LINES.map((line) => [line, values[line].trim()]));
  return {
    nodeId: Number(values.nodeId),
    periodFrom: values.periodFrom,
    periodTo: values.periodTo,
    ...lines,
    total: values.total.trim(),
  };
}
