import { z } from 'zod';
import { defineCall } from './call.ts';
import { requestEnvelope, withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { boundedLine, inputId } from './input.ts';
import { numeric } from './numeric.ts';

/** At most this many people receive alarm e-mails. */
export const MAX_EMAIL_RECEIVERS = 5;

export const receiverStatus = z.enum(['on', 'off']);
export type ReceiverStatus = z.infer<typeof receiverStatus>;

/** A saved receiver; only receivers whose status is on get alarm e-mails. */
export const RECEIVER_NAME_MAX = 100;
/** The longest address SMTP allows (RFC 5321 path limit). */
export const RECEIVER_EMAIL_MAX = 254;

export const RECEIVER_MESSAGES = {
  nameRequired: 'Receiver name is required',
  nameTooLong: `Receiver name is at most ${RECEIVER_NAME_MAX} characters`,
  emailInvalid: 'Enter a valid e-mail address',
} as const;

export const emailReceiver = z.object({
  id: inputId.optional(),
  receiverName: z
    .string()
    .trim()
    .min(1, RECEIVER_MESSAGES.nameRequired)
    .pipe(boundedLine(RECEIVER_NAME_MAX, RECEIVER_MESSAGES.nameTooLong)),
  email: z
    .string()
    .trim()
    .max(RECEIVER_EMAIL_MAX, RECEIVER_MESSAGES.emailInvalid)
    .pipe(z.email(RECEIVER_MESSAGES.emailInvalid)),
  status: receiverStatus,
});
export type EmailReceiver = z.infer<typeof emailReceiver>;

/** A row of the receiver editor, which may still be blank. */
export interface ReceiverRow {
  id?: number | undefined;
  receiverName: string;
  email: string;
  status: ReceiverStatus;
}

/** A new editor row: status off, empty fields. */
export function newReceiverRow(): ReceiverRow {
  return { receiverName: '', email: '', status: 'off' };
}

/** The add button shows only while fewer than the maximum exist. */
export function canAddReceiver(rows: readonly unknown[]): boolean {
  return rows.length < MAX_EMAIL_RECEIVERS;
}

/** Rows lacking a receiverName or an email are dropped before sending; the rest are trimmed. */
export function prepareReceiversForSave(rows: readonly ReceiverRow[]): ReceiverRow[] {
  return rows
    .map((row) => ({ ...row, receiverName: row.receiverName.trim(), email: row.email.trim() }))
    .filter((row) => row.receiverName !== '' && row.email !== '');
}

export const emailReceiversGetRequest = requestEnvelope;
export const emailReceiversGetResponse = withResponseEnvelope({ data: z.array(emailReceiver) });
export type EmailReceiversGetResponse = z.infer<typeof emailReceiversGetResponse>;

export const emailReceiversGet = defineCall({
  method: 'POST',
  path: '/v1/Setting/GetEmailReceivers',
  auth: true,
  request: emailReceiversGetRequest,
  response: emailReceiversGetResponse,
});

/** The whole list replaces the saved one; the same address may appear only once. */
export const emailReceiversUpdateRequest = withRequestEnvelope({
  receivers: z
    .array(emailReceiver)
    .max(MAX_EMAIL_RECEIVERS, `At most ${MAX_EMAIL_RECEIVERS} e-mail receivers`)
    .superRefine((receivers, ctx) => {
      const seen = new Set<string>();
      receivers.forEach((receiver, index) => {
        const address = receiver.email.toLowerCase();
        if (seen.has(address)) {
          ctx.addIssue({
            code: 'custom',
            message: `${receiver.email} is listed more than once`,
            path: [index, 'email'],
          });
        }
        seen.add(address);
      });
    }),
});
export const emailReceiversUpdateResponse = withResponseEnvelope({
  /** How many receivers were written and how many removed. */
  data: z.object({ updated: numeric, deleted: numeric, message: z.string() }).optional(),
});
export type EmailReceiversUpdateResponse = z.infer<typeof emailReceiversUpdateResponse>;

export const emailReceiversUpdate = defineCall({
  method: 'POST',
  path: '/v1/Setting/UpdateEmailReceivers',
  auth: true,
  request: emailReceiversUpdateRequest,
  response: emailReceiversUpdateResponse,
});
