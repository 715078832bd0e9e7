import { z } from 'zod';
import { defineCall } from './call.ts';
import { requestEnvelope, withResponseEnvelope } from './envelope.ts';
import { numeric, numericId } from './numeric.ts';

/**
 * The test-only calls carry a bearer token and an empty JSON body;
 * envelope fields are tolerated when a client sends them anyway.
 */
export const devToolsRequest = requestEnvelope.partial();

/** The abnormal event that was opened (or updated, if one was still unresolved). */
export const testAlarmResponse = withResponseEnvelope({ message: z.string(), alarmId: numericId });
export type TestAlarmResponse = z.infer<typeof testAlarmResponse>;

export const testAlarm = defineCall({
  method: 'POST',
  path: '/api/test/alarm',
  auth: true,
  devOnly: true,
  request: devToolsRequest,
  response: testAlarmResponse,
});

/** How many receivers (status on) the test mail was queued for. */
export const testEmailResponse = withResponseEnvelope({ message: z.string(), recipients: numeric });
export type TestEmailResponse = z.infer<typeof testEmailResponse>;

export const testEmail = defineCall({
  method: 'POST',
  path: '/API/v1/TestEmail/send-test',
  auth: true,
  devOnly: true,
  request: devToolsRequest,
  response: testEmailResponse,
});
