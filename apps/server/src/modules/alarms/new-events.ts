/**
 * What happens to every newly opened event, whatever opened it (a breach, a
 * silent meter, the test alarm): its e-mails and webhook deliveries are queued
 * in the transaction that opened it (so an event never exists without them,
 * nor they without their event), and once committed the mail and webhook
 * workers are woken and the factory's browsers hear AlertReceived.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../platform/db/db.ts';
import { queueEventMail } from '../mail/index.ts';
import { queueEventWebhooks } from '../webhooks/index.ts';
import { alertItemFromEvent, type EventRow } from '../hub/index.ts';

/** Call inside the opening transaction. */
export async function queueNewEventMail(tx: Queryable, rows: readonly EventRow[]): Promise<void> {
  for (const row of rows) {
    await queueEventMail(tx, Number(row.id));
    await queueEventWebhooks(tx, Number(row.id));
  }
}

/**
 * Call after the commit. A hub failure is logged, not thrown: the event and its
 * mail are stored, and the lists reach every browser on its next connection.
 */
export async function announceNewEvents(
  app: FastifyInstance,
  factoryId: number,
  rows: readonly EventRow[],
): Promise<void> {
  if (rows.length === 0) return;
  app.mail.kick();
  // Apps built for a test without the webhook worker still queue; the real app has it.
  if (app.hasDecorator('webhooks')) app.webhooks.kick();
  for (const row of rows) {
    try {
      await app.hub.toFactory(factoryId, 'AlertReceived', {
        type: 'Abnormal',
        ...alertItemFromEvent(row),
      });
    } catch (err) {
      app.log.error({ err, factoryId, eventId: row.id }, 'alarms: AlertReceived was not sent');
    }
  }
}
