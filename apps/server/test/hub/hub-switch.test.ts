import type { FastifyInstance } from 'fastify';
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_REASONS } from '../../src/modules/hub/close-order.ts';
import { myFactoryRoutes } from '../../src/modules/users/my-factory-routes.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { DEMO, postJson, signInAs } from '../helpers/test-app.ts';
import { buildHubApp } from './hub-app.ts';
import { closedWith } from './session-kit.ts';
import {
  addFactoryWithUser,
  connectedClient,
  demoIds,
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

/** After a factory switch the live connection gets only the new factory's events (decision 0089). */
describe.each(backends)('hub connections and a factory switch on %s', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let baseUrl: string;
  let demoFactory: number;
  let oslo: number;
  const apps: FastifyInstance[] = [];
  const clients: TestHubClient[] = [];
  const switchTo = (token: string, toFactoryId: number) =>
    postJson(
      app,
      '/v1/User/SwitchFactory',
      { email: DEMO.email, action: '/v1/User/SwitchFactory', toFactoryId },
      { authorization: `Bearer ${token}` },
    );

  beforeAll(async () => {
    testDb = await openTestDb(backend);
    // The periodic session check is far off here, so what closes a socket is the close order.
    app = await buildHubApp(testDb.db, { sessionCheckMs: 3_600_000 }, [myFactoryRoutes]);
    apps.push(app);
    baseUrl = await listen(app);
    demoFactory = (await demoIds(testDb.db, 'WB-M01')).factoryId;
    oslo = (await addFactoryWithUser(testDb.db, app, 'oslo')).factoryId;
    await testDb.db.query(
      `INSERT INTO factory_memberships (factory_id, user_id, role)
       SELECT $1, id, 'viewer' FROM users WHERE email = $2`,
      [oslo, DEMO.email],
    );
  });
  afterAll(async () => {
    await stopAll(clients);
    for (const each of apps) await each.close();
    await testDb.dispose();
  });

  it("closes the switching session's sockets; connected again, it hears only the new factory", async () => {
    const switching = await signInAs(app);
    const other = await signInAs(app);
    const before = await connectedClient(baseUrl, switching.token);
    const staying = await connectedClient(baseUrl, other.token);
    clients.push(before, staying);
    const closed = closedWith(before);

    expect((await switchTo(switching.token, oslo)).json().statusCode).toBe(200);
    expect((await closed)?.message).toContain(CLOSE_REASONS.factorySwitched);
    expect(before.connection.state).toBe(HubConnectionState.Disconnected);

    const after = await connectedClient(baseUrl, switching.token);
    clients.push(after);
    await app.hub.toFactory(demoFactory, 'AlertReceived', alert(1));
    await app.hub.toFactory(oslo, 'AlertReceived', alert(2));
    await after.events.next('AlertReceived', withId(2));
    // The demo factory's alert went to the session still looking at it, not to the switched one.
    await staying.events.next('AlertReceived', withId(1));
    expect(after.events.of('AlertReceived').map((p) => (p as { id: number }).id)).toEqual([2]);
    expect(staying.events.of('AlertReceived').map((p) => (p as { id: number }).id)).toEqual([1]);
    expect(staying.connection.state).toBe(HubConnectionState.Connected);
  });

  it('a switch to a factory the person is not in closes nothing', async () => {
    const session = await signInAs(app);
    const client = await connectedClient(baseUrl, session.token);
    clients.push(client);
    const stranger = (await addFactoryWithUser(testDb.db, app, 'lima')).factoryId;
    expect((await switchTo(session.token, stranger)).json().statusCode).toBe(1008);
    await app.hub.toFactory(demoFactory, 'AlertReceived', alert(3));
    await client.events.next('AlertReceived', withId(3));
    expect(client.connection.state).toBe(HubConnectionState.Connected);
  });

  it('the session check closes a socket whose session moved to another factory without an order', async () => {
    const checking = await buildHubApp(testDb.db, { sessionCheckMs: 200 });
    apps.push(checking);
    const url = await listen(checking);
    const session = await signInAs(checking);
    const client = await connectedClient(url, session.token);
    clients.push(client);
    const closed = closedWith(client);
    // As if the close order was lost (Redis away): the session row moves, nobody tells the hub.
    await testDb.db.query(
      `UPDATE sessions SET factory_id = $1
        WHERE user_id = (SELECT id FROM users WHERE email = $2) AND revoked_at IS NULL
          AND created_at = (SELECT max(created_at) FROM sessions)`,
      [oslo, DEMO.email],
    );
    expect((await closed)?.message).toContain(CLOSE_REASONS.sessionEnded);
    await reachState(client.connection, HubConnectionState.Disconnected);
  });
});
