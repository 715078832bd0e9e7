// Found by the soak test (#16): PostgreSQL restarting just after the SMTP server
// accepted a mail left its row in `sending`; once the lock expired it was sent
// a second time. The worker now keeps trying to record it as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/db.ts';
import { createMailTransport } from '../../src/modules/mail/transport.ts';
import { createOutboxWorker } from '../../src/modules/mail/worker.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { openEventWithMail, outboxRows, saveDemoReceivers } from './mail-fixtures.ts';
import { headerOf, startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** The real database, except that the first `failures` "mark sent" statements fail as if it were restarting. */
function failingMarks(db: Db, failures: number): Db {
  let left = failures;
  return {
    ...db,
    async query(sql, params) {
      if (left > 0 && sql.includes("SET status = 'sent'")) {
        left -= 1;
        throw new Error('terminating connection due to administrator command');
      }
      return db.query(sql, params);
    },
  } as Db;
}

describe('the outbox worker while the database restarts', () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp('pglite', { SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    await saveDemoReceivers(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('records a mail the SMTP server accepted as sent once the database answers, and never sends it twice', async () => {
    const before = sink.messages.length;
    const { eventId, queued } = await openEventWithMail(t.testDb.db, 'voltage');
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      mailFrom: 'Wattboard <alerts@wattboard.test>',
      outboxDir: '/nonexistent',
      log: t.app.log,
    });
    const worker = createOutboxWorker({
      db: failingMarks(t.testDb.db, 3),
      transport,
      log: t.app.log,
      markSentRetryMs: [10, 10, 10, 10],
    });
    expect(await worker.drain()).toEqual({ sent: queued, failed: 0 });
    expect(await worker.drain()).toEqual({ sent: 0, failed: 0 });
    transport.close();

    expect((await outboxRows(t.testDb.db, eventId)).map((row) => row.status)).toEqual(
      Array<string>(queued).fill('sent'),
    );
    const ids = sink.messages.slice(before).map((m) => headerOf(m.raw, 'Message-ID'));
    expect(ids).toHaveLength(queued);
    expect(new Set(ids).size).toBe(queued);
  });
});
