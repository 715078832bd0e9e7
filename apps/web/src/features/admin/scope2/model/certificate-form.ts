import { adminRenewableCertificateSave } from '@wattboard/contract';
import type { Scope2Response } from '@wattboard/contract';
import { z } from 'zod';
import { ApiError } from '@/lib/api-errors';

/** The certificates form as typed: the kWh as text. */
export interface CertificateFormValues {
  kwh: string;
  note: string;
}

const shape = adminRenewableCertificateSave.request.shape;

/** Checks a text, trimmed as it is sent, with one of the contract's fields; adds its first message. */
function checkedBy(schema: z.ZodType, required = '') {
  return z.string().superRefine((value, ctx) => {
    if (required && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: `${required} is required` });
      return;
    }
    const result = schema.safeParse(value.trim());
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'invalid' });
    }
  });
}

/**
 * The contract's own fields check each input, so the form refuses exactly
 * what the server would: kWh 0 up to RENEWABLE_CERTIFICATE_MAX_KWH (0
 * removes), note one line of at most 300 characters.
 */
export const certificateFormSchema = z.object({
  kwh: checkedBy(shape.kwh, 'kwh'),
  note: checkedBy(shape.note),
});

/** The form filled with the year's certificates; blank kWh when none are entered. */
export function certificatesToForm(
  certificates: Scope2Response['certificates'],
): CertificateFormValues {
  return {
    kwh: certificates.kwh > 0 ? String(certificates.kwh) : '',
    note: certificates.note,
  };
}

/** The Save call's fields from a valid form. */
export function toCertificateSave(year: number, values: CertificateFormValues) {
  return { year, kwh: Number(values.kwh.trim()), note: values.note.trim() };
}

export type CertificateField = keyof CertificateFormValues;

/**
 * A server refusal of one of the form's fields: a 400 names each bad field,
 * "kwh: kwh must be at most …; note: …"; the first one of this form's fields
 * and its message (for the field-message mapping), or null.
 */
export function certificateFieldRefusal(
  error: unknown,
): { field: CertificateField; message: string } | null {
  if (!(error instanceof ApiError) || error.httpStatus !== 400) return null;
  for (const part of error.message.split('; ')) {
    const match = /^(kwh|note): (.+)$/.exec(part.trim());
    if (match) return { field: match[1] as CertificateField, message: match[2]! };
  }
  return null;
}
