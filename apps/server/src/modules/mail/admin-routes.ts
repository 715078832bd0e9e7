import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, adminMailList, adminMailRetry, StatusCode } from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { findMail, listMail, requeueFailedMail } from './repo/mail-admin.ts';

/** The mail outbox: queued, sending, sent and failed mail with the last error; retry a failed one. */
export async function adminMailRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminMailList, async ({ body, factoryId, ok }) => ({
    ...ok,
    ...(await listMail(app.db, factoryId, body.status, body)),
  }));

  registerAdminCall(app, adminMailRetry, async ({ body, factoryId, actor, ok, fail }) => {
    const outcome = await app.db.transaction(async (tx) => {
      const mail = await findMail(tx, factoryId, body.mailId);
      if (!mail) return 'missing' as const;
      const requeued = await requeueFailedMail(tx, factoryId, mail.id);
      if (!requeued) return 'not-failed' as const;
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'mail.retry',
        target: { type: 'mail', id: mail.id },
        detail: { to: mail.toAddress, attempts: mail.attempts, lastError: mail.lastError },
      });
      return requeued;
    });
    if (outcome === 'missing') return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    if (outcome === 'not-failed') return fail(StatusCode.Fail, ADMIN_MESSAGES.mailNotFailed);
    if (app.hasDecorator('mail')) app.mail.kick();
    return { ...ok, mail: outcome };
  });
}
