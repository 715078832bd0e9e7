import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { listen } from '../hub/hub-kit.ts';
import { ON_RECEIVERS, openEventWithMail, outboxRows, saveDemoReceivers } from './mail-fixtures.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** Resolves once the sink holds `count` messages (checked as they arrive, no fixed sleep). */
async function receivedCount(sink: SmtpSink, count: number, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (sink.messages.length < count) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`only ${sink.messages.length} of ${count} messages arrived`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(backends)('the outbox worker of a listening server on %s', (backend) => {
  let sink: SmtpSink;
  let t: TestApp;
  let closed = false;

  // A fresh app per test (the second one closes it), started in the hook's longer time budget.
  beforeEach(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(backend, {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      SIMULATOR: 'off',
    });
    closed = false;
    await saveDemoReceivers(t.app);
  });
  afterEach(async () => {
    if (closed) await t.testDb.dispose();
    else await t.close();
    await sink.stop();
  });

  it('sends mail left from before the start, then what a kick announces', async () => {
    // Queued while nothing was listening (as before a restart): sent once the server listens.
    await openEventWithMail(t.testDb.db, 'voltage');
    await listen(t.app);
    await receivedCount(sink, 2);

    await openEventWithMail(t.testDb.db, 'current');
    t.app.mail.kick();
    await receivedCount(sink, 4);
    expect(sink.messages.flatMap((m) => m.rcptTo).sort()).toEqual(
      [...ON_RECEIVERS, ...ON_RECEIVERS].sort(),
    );
  });

  it('waits on close for a send in flight and records it as sent', async () => {
    await listen(t.app);
    const gate = sink.hold();
    const { eventId } = await openEventWithMail(t.testDb.db, 'power');
    t.app.mail.kick();
    await gate.arrived; // the SMTP server has the first mail and has not answered yet

    const closing = t.app.close();
    closed = true;
    gate.release();
    await closing;

    const rows = await outboxRows(t.testDb.db, eventId);
    // Nothing is left claimed: what was accepted is marked sent, the rest waits for the next start.
    expect(rows.map((row) => row.status)).not.toContain('sending');
    expect(rows.filter((row) => row.status === 'sent').length).toBeGreaterThanOrEqual(1);
  });
});
