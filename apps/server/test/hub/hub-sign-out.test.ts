import type { FastifyInstance } from 'fastify';
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_REASONS } from '../../src/modules/hub/close-order.ts';
import { hashToken } from '../../src/platform/http/token.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { signInAs } from '../helpers/test-app.ts';
import { buildHubApp } from './hub-app.ts';
import { closedWith, signOut } from './session-kit.ts';
import {
  connectedClient,
  demoIds,
  hubClient,
  listen,
  reachState,
  stopAll,
  type TestHubClient,
} from './hub-kit.ts';

const alert = (id: number) => ({
  type: 'Abnormal' as const,
  id,
  titleText: `Alert ${id}`,
  descText: 'd',
  title: '警報',
  desc: 'd',
  time: new Date().toISOString(),
  state: 'unresolved',
});
const withId = (id: number) => (payload: unknown) => (payload as { id: number }).id === id;

describe.each(backends)('hub connections end with their session on %s', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let baseUrl: string;
  let factoryId: number;
  const apps: FastifyInstance[] = [];
  const clients: TestHubClient[] = [];

  beforeAll(async () => {
    testDb = await openTestDb(backend);
    // The periodic session check is far off here, so what closes a socket is the close order.
    app = await buildHubApp(testDb.db, { sessionCheckMs: 3_600_000 });
    apps.push(app);
    baseUrl = await listen(app);
    factoryId = (await demoIds(testDb.db, 'WB-M01')).factoryId;
  });
  afterAll(async () => {
    await stopAll(clients);
    for (const each of apps) await each.close();
    await testDb.dispose();
  });

  it('closes the sockets of a signed-out token for good, and only those', async () => {
    const signedOut = await signInAs(app);
    const other = await signInAs(app);
    const leaving = await connectedClient(baseUrl, signedOut.token);
    const staying = await connectedClient(baseUrl, other.token);
    clients.push(leaving, staying);
    const closed = closedWith(leaving);

    expect((await signOut(app, signedOut.token)).json().statusCode).toBe(200);
    const error = await closed;
    expect(error?.message).toContain(CLOSE_REASONS.signedOut);
    expect(leaving.connection.state).toBe(HubConnectionState.Disconnected);

    // An alert after sign-out reaches the other session and not the closed one.
    await app.hub.toFactory(factoryId, 'AlertReceived', alert(1));
    await staying.events.next('AlertReceived', withId(1));
    expect(leaving.events.of('AlertReceived')).toEqual([]);
    expect(staying.connection.state).toBe(HubConnectionState.Connected);
  });

  it('does not reconnect a signed-out connection that had automatic reconnect on', async () => {
    const session = await signInAs(app);
    const client = hubClient(baseUrl, session.token, [0, 0, 0]);
    clients.push(client);
    await client.connection.start();
    await client.events.next('NotificationReceived');
    const closed = closedWith(client);
    await signOut(app, session.token);
    expect((await closed)?.message).toContain(CLOSE_REASONS.signedOut);
    expect(client.connection.state).toBe(HubConnectionState.Disconnected);
  });

  it('closes a connection when its session expires', async () => {
    const session = await signInAs(app);
    await testDb.db.query(
      "UPDATE sessions SET expires_at = now() + interval '1500 milliseconds' WHERE token_hash = $1",
      [hashToken(session.token)],
    );
    const client = await connectedClient(baseUrl, session.token);
    clients.push(client);
    const error = await closedWith(client);
    expect(error?.message).toContain(CLOSE_REASONS.expired);
    expect(client.connection.state).toBe(HubConnectionState.Disconnected);
  });

  it('closes, through the periodic check, a socket whose session was revoked in the database', async () => {
    const checking = await buildHubApp(testDb.db, { sessionCheckMs: 100 });
    apps.push(checking);
    const session = await signInAs(checking);
    const client = await connectedClient(await listen(checking), session.token);
    clients.push(client);
    const closed = closedWith(client);
    await testDb.db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
      hashToken(session.token),
    ]);
    expect((await closed)?.message).toContain(CLOSE_REASONS.sessionEnded);
    await reachState(client.connection, HubConnectionState.Disconnected);
  });
});
