// Found by the soak test (#16): an alert raised on one instance while Redis was
// down never reached the clients of another instance, and nothing brought it
// later. Now the lists are pushed again when the backplane comes back.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/platform/db/db.ts';
import { openPostgresDb } from '../../src/platform/db/postgres.ts';
import { signInAs } from '../helpers/test-app.ts';
import { buildHubApp } from './hub-app.ts';
import { connectedClient, demoIds, listen, stopAll, type TestHubClient } from './hub-kit.ts';
import { TcpProxy } from './tcp-proxy.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ready = Boolean(databaseUrl && redisUrl);

const listHas = (id: number) => (payload: unknown) =>
  ((payload as { data?: { alertList?: { id: number }[] } }).data?.alertList ?? []).some(
    (item) => item.id === id,
  );

describe.skipIf(!ready)('hub backplane recovery (two instances, one Redis)', () => {
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

  const start = async (url: string) => {
    const db = await openPostgresDb(databaseUrl!, { schema, max: 4 });
    dbs.push(db);
    const app = await buildHubApp(db, { redisUrl: url, channelPrefix });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
  });
  afterAll(async () => {
    await stopAll(clients);
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await proxy?.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('pushes the lists to its clients when Redis is back, with the alerts raised elsewhere meanwhile', async () => {
    const a = await start(redisUrl!);
    proxy = await TcpProxy.start(new URL(redisUrl!));
    const b = await start(`redis://127.0.0.1:${proxy.port}`);
    const token = (await signInAs(a)).token;
    const { factoryId } = await demoIds(dbs[0]!, 'WB-M01');
    const onB = await connectedClient(await listen(b), token);
    clients.push(onB);

    await proxy.cut();
    // A raises an alert: stored, published on Redis, which B cannot hear now.
    const rows = await dbs[0]!.query<{ id: string }>(
      `INSERT INTO events (factory_id, target, kind, title_en, desc_en, title_zh, desc_zh)
       VALUES ($1, 'voltage', 'test', 'Raised during the outage', 'd', '停電期間', 'd')
       RETURNING id`,
      [factoryId],
    );
    const id = Number(rows[0]!.id);
    await a.hub.toFactory(factoryId, 'AlertReceived', { type: 'Abnormal', id });
    expect(onB.events.of('NotificationReceived').some(listHas(id))).toBe(false);

    await proxy.restore();
    await onB.events.next('NotificationReceived', listHas(id), 20_000);
    expect(onB.events.of('AlertReceived')).toHaveLength(0);
  }, 60_000);
});
