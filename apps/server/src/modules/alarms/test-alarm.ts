/**
 * The developer tools' test alarm (POST /api/test/alarm): an event of kind
 * `test` for the caller's factory that takes the same road as a real one
 * (mail queued in its transaction, AlertReceived after the commit).
 */
import type { FastifyInstance } from 'fastify';
import { upsertTestEvent } from './repo/events.ts';
import { announceNewEvents, queueNewEventMail } from './new-events.ts';
import { testAlarmTexts } from './texts.ts';

export interface TestAlarmResult {
  eventId: number;
  /** False when the factory's test event was still open and only got updated. */
  opened: boolean;
}

export async function raiseTestAlarm(
  app: FastifyInstance,
  factoryId: number,
  username: string,
  now: Date = new Date(),
): Promise<TestAlarmResult> {
  const { row, opened } = await app.db.transaction(async (tx) => {
    const result = await upsertTestEvent(tx, factoryId, testAlarmTexts(username), now);
    if (result.opened) await queueNewEventMail(tx, [result.row]);
    return result;
  });
  if (opened) await announceNewEvents(app, factoryId, [row]);
  return { eventId: Number(row.id), opened };
}
