import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DefaultHttpClient,
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  NullLogger,
  type HttpRequest,
  type HttpResponse,
} from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import {
  HUB_PATH,
  deviceReadingPayload,
  hubServerEvents,
  type HubServerEvent,
} from '@wattboard/contract';
import type { Db } from '../../src/platform/db/db.ts';
import { openPostgresDb } from '../../src/platform/db/postgres.ts';
import { signInAs } from '../helpers/test-app.ts';
import { addGateway, wire3 } from '../ingest/ingest-app.ts';
import { buildHubApp } from './hub-app.ts';
import {
  EventLog,
  connectedClient,
  demoIds,
  listen,
  stopAll,
  type TestHubClient,
} from './hub-kit.ts';
import { TcpProxy } from './tcp-proxy.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ready = Boolean(databaseUrl && redisUrl);
if (!ready) {
  console.warn(
    'SKIPPED hub scale-out tests (two instances, one PostgreSQL, one Redis): ' +
      'set TEST_DATABASE_URL and TEST_REDIS_URL to run them.',
  );
}

/** Sends negotiate to one instance while the client's URL (and so its WebSocket) names another. */
class NegotiateElsewhere extends DefaultHttpClient {
  readonly #from: string;
  readonly #to: string;
  /** Every URL actually requested. */
  readonly sent: string[] = [];
  constructor(from: string, to: string) {
    super(NullLogger.instance);
    this.#from = from;
    this.#to = to;
  }
  override send(request: HttpRequest): Promise<HttpResponse> {
    const url = request.url?.replace(this.#from, this.#to) ?? '';
    this.sent.push(url);
    return super.send({ ...request, url });
  }
}

const GATEWAY_KEY = 'scaleout-gateway-key-0123456789abcdef';
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

describe.skipIf(!ready)('hub across two instances (one PostgreSQL schema, one Redis)', () => {
  const schema = `wattboard_test_${randomBytes(6).toString('hex')}`;
  const channelPrefix = `wattboard-test:${schema}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  const clients: TestHubClient[] = [];
  let proxy: TcpProxy;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseA: string;
  let baseB: string;
  let token: string;
  let factoryId: number;

  const openDb = async () => {
    const db = await openPostgresDb(databaseUrl!, { schema, max: 4 });
    dbs.push(db);
    return db;
  };
  const start = async (url: string) => {
    const app = await buildHubApp(await openDb(), { redisUrl: url, channelPrefix });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    // Started together: migrations, seed and the shared secret race, as in a real deployment.
    [a, b] = await Promise.all([start(redisUrl!), start(redisUrl!)]);
    [baseA, baseB] = await Promise.all([listen(a), listen(b)]);
    token = (await signInAs(a)).token;
    factoryId = (await demoIds(dbs[0]!, 'WB-M01')).factoryId;
  });
  afterAll(async () => {
    await stopAll(clients);
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await proxy?.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('stores one shared secret, whichever instance won the race', async () => {
    const rows = await dbs[0]!.query('SELECT name FROM server_secrets');
    expect(rows).toHaveLength(1);
  });

  it('accepts on B the WebSocket of a connection negotiated on A', async () => {
    const httpClient = new NegotiateElsewhere(baseB, baseA);
    const connection = new HubConnectionBuilder()
      .withUrl(`${baseB}${HUB_PATH}`, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: () => token,
        httpClient,
      })
      .configureLogging(LogLevel.None)
      .build();
    const events = new EventLog();
    for (const event of Object.keys(hubServerEvents) as HubServerEvent[]) {
      connection.on(event, (payload: unknown) => events.add({ event, payload }));
    }
    clients.push({ connection, events });
    await connection.start();
    await events.next('NotificationReceived');
    expect(httpClient.sent).toEqual([`${baseA}${HUB_PATH}/negotiate?negotiateVersion=1`]);
    expect(b.hub.connectionCount()).toBe(1);
    expect(a.hub.connectionCount()).toBe(0);
  });

  it('delivers what A publishes to clients on B, and to A’s own clients exactly once', async () => {
    const onB = await connectedClient(baseB, token);
    const onA = await connectedClient(baseA, token);
    clients.push(onB, onA);
    await a.hub.toFactory(factoryId, 'AlertReceived', alert(1));
    await a.hub.toFactory(factoryId, 'AlertReceived', alert(2));
    for (const client of [onB, onA]) {
      await client.events.next('AlertReceived', withId(2));
      expect(client.events.of('AlertReceived').filter(withId(1))).toHaveLength(1);
    }
  });

  it('pushes DeviceReading for a reading ingested on A to a subscriber on B', async () => {
    const { nodeId } = await demoIds(dbs[0]!, 'WB-M01-C3');
    const onB = await connectedClient(baseB, token);
    clients.push(onB);
    await onB.connection.invoke('SubscribeToDevice', nodeId);
    await addGateway(dbs[0]!, factoryId, GATEWAY_KEY);
    const ts = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000).toISOString();
    const response = await a.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      payload: { readings: [wire3('WB-M01-C3', ts, 42)] },
      headers: { authorization: `Bearer ${GATEWAY_KEY}` },
    });
    expect(response.json().accepted).toBe(1);
    const pushed = await onB.events.next('DeviceReading');
    expect(pushed).toStrictEqual({ deviceId: nodeId, time: ts });
    expect(deviceReadingPayload.parse(pushed)).toStrictEqual(pushed);
  });

  it('keeps serving local connections while Redis is unreachable, and recovers', async () => {
    proxy = await TcpProxy.start(new URL(redisUrl!));
    const c = await start(`redis://127.0.0.1:${proxy.port}`);
    const onC = await connectedClient(await listen(c), token);
    clients.push(onC);

    await proxy.cut();
    await c.hub.toFactory(factoryId, 'AlertReceived', alert(10));
    await onC.events.next('AlertReceived', withId(10));

    await proxy.restore();
    // Once C is subscribed again, what B publishes reaches C's client through Redis.
    let id = 100;
    await expect
      .poll(
        async () => {
          id += 1;
          await b.hub.toFactory(factoryId, 'AlertReceived', alert(id));
          return onC.events.next('AlertReceived', withId(id), 300).then(
            () => true,
            () => false,
          );
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
    expect(onC.events.of('AlertReceived').filter(withId(10))).toHaveLength(1);
  });
});
