import { z } from 'zod';
import { inputText } from './input.ts';
import { statusCodeSchema } from './status-codes.ts';

/**
 * Common request envelope. The client always sends all three; the
 * server also accepts the token as `Authorization: Bearer`, so the
 * body token may be empty or absent there.
 */
export const requestEnvelope = z.object({
  email: inputText,
  action: inputText,
  token: inputText.optional(),
});
export type RequestEnvelope = z.infer<typeof requestEnvelope>;

/** Common response envelope. */
export const responseEnvelope = z.object({
  action: z.string(),
  statusCode: statusCodeSchema,
  email: z.string().nullable(),
  username: z.string().nullable(),
  token: z.string().nullable(),
  dtTokenExpire: z.string().nullable(),
  /** Human-readable outcome; always present when statusCode is not 200. */
  message: z.string().optional(),
});
export type ResponseEnvelope = z.infer<typeof responseEnvelope>;

/** Request body for a call: the envelope plus the call's own fields. */
export function withRequestEnvelope<T extends z.ZodRawShape>(shape: T) {
  return requestEnvelope.extend(shape);
}

/** Response body for a call: the envelope plus the call's own fields. */
export function withResponseEnvelope<T extends z.ZodRawShape>(shape: T) {
  return responseEnvelope.extend(shape);
}

/**
 * What the server answers for malformed input (400), a missing or expired
 * token (401), too many attempts (429) and server faults (500). The envelope
 * fields may be null when the caller is unknown.
 */
export const errorResponse = responseEnvelope.partial().extend({
  statusCode: statusCodeSchema,
  message: z.string(),
  /** Set on 500s so a fault can be found in the logs. */
  requestId: z.string().optional(),
  /** Set on 429s: how long until another sign-in attempt is allowed. */
  retryAfterSeconds: z.number().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Answer of calls whose result is only a confirmation: the envelope plus a message. */
export const messageResponse = withResponseEnvelope({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
