import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/db.ts';
import { openPostgresDb } from '../../src/platform/db/postgres.ts';
import { CLOSE_REASONS } from '../../src/modules/hub/close-order.ts';
import { signInAs } from '../helpers/test-app.ts';
import { buildHubApp } from './hub-app.ts';
import { connectedClient, listen, stopAll, type TestHubClient } from './hub-kit.ts';
import { closedWith, signOut } from './session-kit.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ready = Boolean(databaseUrl && redisUrl);
if (!ready) {
  console.warn(
    'SKIPPED hub sign-out across instances: set TEST_DATABASE_URL and TEST_REDIS_URL to run it.',
  );
}

describe.skipIf(!ready)('sign-out across two instances (one PostgreSQL, one Redis)', () => {
  const schema = `wattboard_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  const clients: TestHubClient[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    const start = async () => {
      const db = await openPostgresDb(databaseUrl!, { schema, max: 4 });
      dbs.push(db);
      // The periodic session check is far off: only the close order through Redis can close B's socket.
      const app = await buildHubApp(db, {
        redisUrl: redisUrl!,
        channelPrefix: `wattboard-test:${schema}`,
        sessionCheckMs: 3_600_000,
      });
      apps.push(app);
      return app;
    };
    [a, b] = await Promise.all([start(), start()]);
  });
  afterAll(async () => {
    await stopAll(clients);
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('closes on B the socket of a token signed out on A, and on A too', async () => {
    const [baseA, baseB] = await Promise.all([listen(a), listen(b)]);
    const { token } = await signInAs(a);
    const onB = await connectedClient(baseB, token);
    const onA = await connectedClient(baseA, token);
    const otherSession = await connectedClient(baseB, (await signInAs(b)).token);
    clients.push(onB, onA, otherSession);
    const closedB = closedWith(onB);
    const closedA = closedWith(onA);

    expect((await signOut(a, token)).json().statusCode).toBe(200);
    expect((await closedB)?.message).toContain(CLOSE_REASONS.signedOut);
    expect((await closedA)?.message).toContain(CLOSE_REASONS.signedOut);
    await expect.poll(() => b.hub.connectionCount()).toBe(1);
    expect(otherSession.connection.state).toBe(HubConnectionState.Connected);
  });
});
