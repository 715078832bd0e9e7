import type { FastifyInstance } from 'fastify';
import { testEmail } from '@wattboard/contract';
import { queueTestMail } from './repo/queue-test-mail.ts';
import { okEnvelope, registerCallerCall } from '../auth/index.ts';

/** The answer's message: how many receivers the test mail went to, or why none. */
export function testEmailMessage(recipients: number): string {
  if (recipients === 0) {
    return 'No e-mail receiver is switched on; switch one on under Setting > Alarm Notice.';
  }
  return `Test e-mail queued for ${recipients} receiver${recipients === 1 ? '' : 's'}.`;
}

/**
 * POST /API/v1/TestEmail/send-test: dev tools only; without them
 * the route does not exist (404). Queues a bilingual test mail to each
 * receiver whose status is on and wakes the outbox worker.
 */
export async function devEmailRoutes(app: FastifyInstance, options: { devTools: boolean }) {
  if (!options.devTools) return;
  registerCallerCall(app, testEmail, async ({ auth }) => {
    const recipients = await app.db.transaction((tx) =>
      queueTestMail(tx, {
        factory: auth.factory,
        requestedBy: `${auth.user.username} <${auth.user.email}>`,
        now: new Date(),
      }),
    );
    if (recipients > 0) app.mail.kick();
    return {
      ...okEnvelope(testEmail.path, auth),
      message: testEmailMessage(recipients),
      recipients,
    };
  });
}
