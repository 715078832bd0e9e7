import type { Queryable } from '../../../platform/db/db.ts';
import { insertOutboxMail } from './outbox.ts';
import { renderTestMail } from '../test-mail.ts';

export interface TestMailRequest {
  factory: { id: number; name: string; nameZh: string; timeZone: string };
  requestedBy: string;
  now: Date;
}

/**
 * Queues the developer test mail (bilingual) to every receiver of the factory
 * whose status is 'on', in the caller's transaction. Returns how many.
 */
export async function queueTestMail(tx: Queryable, request: TestMailRequest): Promise<number> {
  const receivers = await tx.query<{ receiver_name: string; email: string }>(
    `SELECT receiver_name, email FROM email_receivers
      WHERE factory_id = $1 AND status = 'on' ORDER BY sort_order, id`,
    [request.factory.id],
  );
  for (const receiver of receivers) {
    await insertOutboxMail(tx, {
      factoryId: request.factory.id,
      eventId: null,
      toAddress: receiver.email,
      mail: renderTestMail({
        factory: request.factory,
        receiverName: receiver.receiver_name,
        requestedBy: request.requestedBy,
        now: request.now,
      }),
    });
  }
  return receivers.length;
}
