import { adminNodeRecomputeRequest } from '@wattboard/contract';
import { addDays, format, parseISO } from 'date-fns';
import { z } from 'zod';

/** The recompute dialog's days as the date inputs hold them (yyyy-MM-dd, '' = none). */
export interface RecomputeFormValues {
  from: string;
  to: string;
}

/** Days the dialog offers at first: a week is what a corrected meter usually needs. */
export const RECOMPUTE_DEFAULT_DAYS = 7;

/** The last `days` factory-local days ending on `today`, both included. */
export function defaultRecomputeRange(
  today: string,
  days = RECOMPUTE_DEFAULT_DAYS,
): RecomputeFormValues {
  return { from: format(addDays(parseISO(today), -(days - 1)), 'yyyy-MM-dd'), to: today };
}

// Stand-ins for the parts the form does not hold: callApi adds the envelope
// and the dialog the node; only the issues about the two days are kept.
const PLACEHOLDERS = { email: 'form', action: 'form', nodeId: 1 };

const DAY = { from: adminNodeRecomputeRequest.shape.from, to: adminNodeRecomputeRequest.shape.to };

/**
 * The contract's own rules on the two days (a date each, `to` not before
 * `from`, at most RECOMPUTE_MAX_DAYS days), so the form can never accept what
 * the server refuses, with the contract's messages (useAdminTexts translates).
 */
export const recomputeFormSchema = z
  .object({ from: z.string(), to: z.string() })
  .superRefine((values, ctx) => {
    const add = (field: 'from' | 'to', message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    // The contract's range rules also run on a missing day (and then call it
    // too long a range): the days' own problems come first, alone.
    let daysValid = true;
    for (const field of ['from', 'to'] as const) {
      const day = DAY[field].safeParse(values[field]);
      if (!day.success) {
        daysValid = false;
        add(field, day.error.issues[0]?.message ?? 'invalid');
      }
    }
    if (!daysValid) return;
    const result = adminNodeRecomputeRequest.safeParse({ ...PLACEHOLDERS, ...values });
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path[0];
      if (field === 'from' || field === 'to') add(field, issue.message);
    }
  });

/** The request's fields for one node. */
export function toRecompute(nodeId: number, values: RecomputeFormValues) {
  return { nodeId, from: values.from, to: values.to };
}

/** A day as the pages show it (yyyy/MM/dd). */
export function shownDay(day: string): string {
  return day.replaceAll('-', '/');
}
