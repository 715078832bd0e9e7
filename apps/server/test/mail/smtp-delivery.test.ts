import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { MAX_SEND_ATTEMPTS } from '../../src/modules/mail/backoff.ts';
import { createMailTransport } from '../../src/modules/mail/transport.ts';
import { createOutboxWorker } from '../../src/modules/mail/worker.ts';
import {
  OFF_RECEIVER,
  ON_RECEIVERS,
  openEventWithMail,
  outboxRows,
  saveDemoReceivers,
} from './mail-fixtures.ts';
import { decodeMimeHeader, headerOf, startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const MINUTE = 60_000;

describe.each(backends)('alarm mail through a real SMTP server on %s', (backend) => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(backend, {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: 'Wattboard Alerts <alerts@wattboard.test>',
    });
    await saveDemoReceivers(t.app);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  /** Messages received since the given count, with their decoded subjects. */
  const receivedSince = (count: number) =>
    sink.messages.slice(count).map((message) => ({
      ...message,
      subject: decodeMimeHeader(headerOf(message.raw, 'Subject') ?? ''),
      messageId: headerOf(message.raw, 'Message-ID'),
    }));

  it('delivers a new event once to each receiver that is on, never to one that is off', async () => {
    const before = sink.messages.length;
    const { eventId, queued } = await openEventWithMail(t.testDb.db, 'voltage');
    expect(queued).toBe(2);
    expect((await outboxRows(t.testDb.db, eventId)).map((row) => row.status)).toEqual([
      'pending',
      'pending',
    ]);

    expect(await t.app.mail.drain()).toEqual({ sent: 2, failed: 0 });

    const received = receivedSince(before);
    expect(received.flatMap((m) => m.rcptTo).sort()).toEqual([...ON_RECEIVERS].sort());
    expect(received.flatMap((m) => m.rcptTo)).not.toContain(OFF_RECEIVER);
    const rows = await outboxRows(t.testDb.db, eventId);
    for (const message of received) {
      expect(message.subject).toBe(
        '[Wattboard] voltage alarm: Air Compressor 1 / voltage警報：空壓機 1',
      );
      expect(message.mailFrom).toBe('alerts@wattboard.test');
      expect(headerOf(message.raw, 'From')).toContain('alerts@wattboard.test');
      const row = rows.find((r) => r.to_address === message.rcptTo[0]);
      expect(message.messageId).toBe(`<outbox-${row!.id}@wattboard.test>`);
    }
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', attempts: 0, last_error: null });
      expect(row.sent_at).toBeInstanceOf(Date);
      // Both languages and the factory-local time are in every mail.
      expect(row.body_text).toContain('Monitoring point');
      expect(row.body_text).toContain('監測點');
      expect(row.body_text).toContain('2026-11-21 14:03:05 (UTC+08:00, Asia/Taipei)');
    }

    expect(await t.app.mail.drain()).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages.length).toBe(before + 2);
  });

  it('keeps mail while the SMTP server is down and delivers it exactly once when it is back', async () => {
    await sink.stop();
    const before = sink.messages.length;
    const { eventId } = await openEventWithMail(t.testDb.db, 'current');
    const now = new Date(Date.now() + MINUTE);

    expect(await t.app.mail.drain(now)).toEqual({ sent: 0, failed: 2 });
    for (const row of await outboxRows(t.testDb.db, eventId)) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.next_attempt_at.getTime()).toBe(now.getTime() + 30_000);
    }

    // Not due before its backoff has passed, even once the server is back.
    expect(await t.app.mail.drain(new Date(now.getTime() + 10_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    await sink.restart();
    expect(await t.app.mail.drain(new Date(now.getTime() + 29_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(sink.messages.length).toBe(before);

    expect(await t.app.mail.drain(new Date(now.getTime() + 31_000))).toEqual({
      sent: 2,
      failed: 0,
    });
    const received = receivedSince(before);
    expect(received.flatMap((m) => m.rcptTo).sort()).toEqual([...ON_RECEIVERS].sort());
    expect(received.every((m) => m.subject.startsWith('[Wattboard] current alarm'))).toBe(true);
    for (const row of await outboxRows(t.testDb.db, eventId)) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    }

    expect(await t.app.mail.drain(new Date(now.getTime() + 3_600_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(sink.messages.length).toBe(before + 2);
  });

  it('gives up after the last attempt and keeps the row as failed', async () => {
    await sink.stop();
    const before = sink.messages.length;
    const { eventId } = await openEventWithMail(t.testDb.db, 'power');
    let now = Date.now() + MINUTE;
    for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt += 1) {
      expect(await t.app.mail.drain(new Date(now))).toEqual({ sent: 0, failed: 2 });
      now += 2 * 3_600_000; // past any backoff
    }
    await sink.restart();
    expect(await t.app.mail.drain(new Date(now))).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages.length).toBe(before);
    for (const row of await outboxRows(t.testDb.db, eventId)) {
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_SEND_ATTEMPTS, sent_at: null });
    }
  });

  it('sends again a row whose worker crashed mid-send, once its claim has expired', async () => {
    const before = sink.messages.length;
    const { eventId } = await openEventWithMail(t.testDb.db, 'frequency');
    const [crashed, busy] = await outboxRows(t.testDb.db, eventId);
    const now = new Date(Date.now() + MINUTE);
    // One claim expired a second ago (its worker died), the other still belongs to a live worker.
    await t.testDb.db.query(
      `UPDATE mail_outbox SET status = 'sending', locked_until = $2 WHERE id = $1`,
      [crashed!.id, new Date(now.getTime() - 1000)],
    );
    await t.testDb.db.query(
      `UPDATE mail_outbox SET status = 'sending', locked_until = $2 WHERE id = $1`,
      [busy!.id, new Date(now.getTime() + 60_000)],
    );
    expect(await t.app.mail.drain(now)).toEqual({ sent: 1, failed: 0 });
    expect(receivedSince(before).map((m) => m.rcptTo)).toEqual([[crashed!.to_address]]);
    const rows = await outboxRows(t.testDb.db, eventId);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sending']);
  });

  it('lets two workers drain one database at once without sending any row twice', async () => {
    const before = sink.messages.length;
    const eventIds: number[] = [];
    for (const target of ['temperature', 'pf', 'demand', 'imbalance']) {
      eventIds.push((await openEventWithMail(t.testDb.db, target)).eventId);
    }
    // A second instance's worker: its own transport, the same database.
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      mailFrom: 'Wattboard Alerts <alerts@wattboard.test>',
      outboxDir: '/nonexistent',
      log: t.app.log,
    });
    const other = createOutboxWorker({ db: t.testDb.db, transport, log: t.app.log });
    const [a, b] = await Promise.all([t.app.mail.drain(), other.drain()]);
    transport.close();

    expect(a.sent + b.sent).toBe(8);
    const received = receivedSince(before);
    expect(received).toHaveLength(8);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(8);
    for (const eventId of eventIds) {
      for (const row of await outboxRows(t.testDb.db, eventId)) expect(row.status).toBe('sent');
    }
  });
});
