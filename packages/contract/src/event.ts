import { z } from 'zod';
import { defineCall } from './call.ts';
import { withResponseEnvelope } from './envelope.ts';
import { inputEventId } from './input.ts';
import { numericId } from './numeric.ts';

/** The event id travels in the path and is coerced to a number. */
export const eventResolveRequest = z.object({ id: inputEventId });
export const eventResolveResponse = withResponseEnvelope({
  message: z.string(),
  alarmId: numericId,
});
export type EventResolveResponse = z.infer<typeof eventResolveResponse>;

export const eventResolve = defineCall({
  method: 'PUT',
  path: '/v1/Event/{id}/resolve',
  auth: true,
  request: eventResolveRequest,
  response: eventResolveResponse,
});
