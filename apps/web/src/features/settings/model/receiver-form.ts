import { z } from 'zod';
import { emailReceiver, MAX_EMAIL_RECEIVERS, prepareReceiversForSave } from '@wattboard/contract';
import type { EmailReceiver, ReceiverRow } from '@wattboard/contract';

/**
 * The receiver editor's form rules. Messages are locale keys, so the
 * row shows them in the user's language.
 */
export const receiverFormErrors = {
  invalidEmail: 'alarmNotice.errors.invalidEmail',
  nameTooLong: 'alarmNotice.errors.nameTooLong',
  duplicateEmail: 'alarmNotice.errors.duplicateEmail',
  tooMany: 'alarmNotice.errors.tooMany',
} as const;

/** The contract's own e-mail rule, so the editor never lets through what the server refuses. */
function isValidEmail(text: string): boolean {
  return emailReceiver.shape.email.safeParse(text).success;
}

const receiverRowSchema = z.object({
  id: z.number().optional(),
  // The contract's name rule (at most RECEIVER_NAME_MAX, no control characters); blank is dropped.
  receiverName: z
    .string()
    .refine(
      (text) => text.trim() === '' || emailReceiver.shape.receiverName.safeParse(text).success,
      receiverFormErrors.nameTooLong,
    ),
  // Blank is allowed here (the row is dropped before sending); anything typed must be an address.
  email: z
    .string()
    .refine((text) => text.trim() === '' || isValidEmail(text), receiverFormErrors.invalidEmail),
  status: z.enum(['on', 'off']),
});

export const receiverFormSchema = z.object({
  receivers: z
    .array(receiverRowSchema)
    .max(MAX_EMAIL_RECEIVERS, receiverFormErrors.tooMany)
    .superRefine((rows, ctx) => {
      for (const index of duplicateEmailRows(rows)) {
        ctx.addIssue({
          code: 'custom',
          message: receiverFormErrors.duplicateEmail,
          path: [index, 'email'],
        });
      }
    }),
});
export type ReceiverForm = z.infer<typeof receiverFormSchema>;

/**
 * Rows whose address (case-insensitive) already appeared in an earlier row
 * that will be sent. The server refuses a list naming one address twice, so
 * the editor says so on the row instead. Rows that will be dropped (no name
 * or no address) take no part.
 */
export function duplicateEmailRows(rows: readonly ReceiverRow[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  rows.forEach((row, index) => {
    const address = row.email.trim().toLowerCase();
    if (address === '' || row.receiverName.trim() === '') return;
    if (seen.has(address)) duplicates.push(index);
    seen.add(address);
  });
  return duplicates;
}

/** The loaded receivers as editor rows. */
export function toReceiverForm(receivers: readonly EmailReceiver[]): ReceiverForm {
  return {
    receivers: receivers.map(({ id, receiverName, email, status }) => ({
      ...(id === undefined ? {} : { id }),
      receiverName,
      email,
      status,
    })),
  };
}

export type ReceiverUpdate = Pick<EmailReceiver, 'status' | 'receiverName' | 'email'>;

/**
 * The UpdateEmailReceivers body (receivers [{status, receiverName,
 * email}]): rows lacking a name or an address dropped, the rest trimmed.
 */
export function receiversToSend(form: ReceiverForm): ReceiverUpdate[] {
  return prepareReceiversForSave(form.receivers).map(({ status, receiverName, email }) => ({
    status,
    receiverName,
    email,
  }));
}
