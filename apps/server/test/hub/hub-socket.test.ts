import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDb, type TestDb } from '../helpers/backends.ts';
import { signInAs } from '../helpers/test-app.ts';
import { buildHubApp } from './hub-app.ts';
import { demoIds, hubClient, listen } from './hub-kit.ts';
import { HANDSHAKE, RS, openRawHubSocket } from './raw-hub-socket.ts';

const KEEP_ALIVE_MS = 100;
const CLIENT_TIMEOUT_MS = 1500;
const HANDSHAKE_TIMEOUT_MS = 300;

const typeIs = (type: number) => (record: Record<string, unknown>) => record.type === type;
const completionOf = (id: string) => (record: Record<string, unknown>) =>
  record.type === 3 && record.invocationId === id;

describe('hub sockets: framing, keep-alive and timeouts', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let baseUrl: string;
  let token: string;
  let meterId: number;

  beforeAll(async () => {
    testDb = await openTestDb('pglite');
    app = await buildHubApp(testDb.db, {
      keepAliveMs: KEEP_ALIVE_MS,
      clientTimeoutMs: CLIENT_TIMEOUT_MS,
      handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
    });
    baseUrl = await listen(app);
    token = (await signInAs(app)).token;
    meterId = (await demoIds(testDb.db, 'WB-M01')).nodeId;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('pings a silent client, then drops it; a client that pings stays', async () => {
    const official = hubClient(baseUrl, token);
    official.connection.keepAliveIntervalInMilliseconds = KEEP_ALIVE_MS;
    await official.connection.start();

    const silent = await openRawHubSocket(baseUrl, token);
    const opened = Date.now();
    silent.send(HANDSHAKE);
    const close = (await silent.next(typeIs(7), 5000)) as Record<string, unknown>;
    expect(Date.now() - opened).toBeGreaterThanOrEqual(CLIENT_TIMEOUT_MS - 50);
    expect(close.allowReconnect).toBe(true);
    expect(close.error).toEqual(expect.any(String));
    await silent.closed;
    // Pings came while the server had nothing else to say (every 100 ms; a busy machine may delay some).
    expect(silent.records.filter(typeIs(6)).length).toBeGreaterThanOrEqual(2);

    expect(official.connection.state).toBe('Connected');
    await official.connection.stop();
  });

  it('closes a socket that never sends the handshake', async () => {
    const mute = await openRawHubSocket(baseUrl, token);
    const opened = Date.now();
    await mute.closed;
    expect(Date.now() - opened).toBeGreaterThanOrEqual(HANDSHAKE_TIMEOUT_MS - 50);
    expect(mute.records).toEqual([]);
  });

  it('splits batched and fragmented records and answers each invocation once', async () => {
    const raw = await openRawHubSocket(baseUrl, token);
    // The handshake and a first invocation in one frame.
    raw.send(
      `${HANDSHAKE}{"type":1,"invocationId":"1","target":"SubscribeToDevice","arguments":[${meterId}]}${RS}`,
    );
    await raw.next(completionOf('1'));
    expect(raw.records[0]).toEqual({});
    // Bad JSON, an unknown type, a ping and two invocations, one split across frames.
    raw.send(
      `not json${RS}{"type":99}${RS}{"type":6}${RS}` +
        `{"type":1,"invocationId":"2","target":"unsubscribeFromDevice","arguments":["${meterId}"]}${RS}{"type":1,"invo`,
    );
    raw.send(`cationId":"3","target":"SubscribeToDevice","arguments":[999999]}${RS}`);
    expect(await raw.next(completionOf('2'))).toEqual({ type: 3, invocationId: '2' });
    expect(await raw.next(completionOf('3'))).toEqual({
      type: 3,
      invocationId: '3',
      error: 'Device not found',
    });
    // A send() (no invocationId) is carried out but never answered.
    raw.send(`{"type":1,"target":"SubscribeToDevice","arguments":[${meterId}]}${RS}`);
    raw.send(
      `{"type":1,"invocationId":"4","target":"UnsubscribeFromDevice","arguments":[${meterId}]}${RS}`,
    );
    await raw.next(completionOf('4'));
    // The initial list is loaded concurrently; everything else arrives in order.
    const targets = raw.records
      .filter((record) => record.type === 1 && record.target !== 'NotificationReceived')
      .map((record) => record.target);
    expect(targets).toEqual([
      'ConnectionInitialized',
      'SubscriptionConfirmed',
      'UnsubscriptionConfirmed',
      'SubscriptionConfirmed',
      'UnsubscriptionConfirmed',
    ]);
    expect(raw.records.filter(typeIs(3))).toHaveLength(4);
    raw.socket.close();
  });

  it('refuses a message over 32 KB by closing the socket', async () => {
    const raw = await openRawHubSocket(baseUrl, token);
    raw.send(HANDSHAKE);
    await raw.next((record) => record.type === 1 && record.target === 'ConnectionInitialized');
    raw.send(`{"type":1,"target":"SubscribeToDevice","arguments":["${'x'.repeat(40_000)}"]}${RS}`);
    expect(await raw.closed).toBe(1009);
  });
});
