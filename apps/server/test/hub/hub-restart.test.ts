import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { openPgliteDb } from '../../src/platform/db/pglite.ts';
import { openPostgresDb } from '../../src/platform/db/postgres.ts';
import { backends, type Backend } from '../helpers/backends.ts';
import { signInAs, testConfig } from '../helpers/test-app.ts';
import { hubClient, listen, reachState } from './hub-kit.ts';

/** A database that outlives one server process: a PGlite directory or a PostgreSQL schema. */
interface LastingDb {
  open(): Promise<Db>;
  dispose(): Promise<void>;
}

async function lastingDb(backend: Backend): Promise<LastingDb> {
  if (backend === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wattboard-hub-restart-'));
    return {
      open: () => openPgliteDb(dir),
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `wattboard_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE SCHEMA ${schema}`);
  return {
    open: () => openPostgresDb(url, { schema, max: 4 }),
    dispose: () => admin(`DROP SCHEMA ${schema} CASCADE`),
  };
}

interface RunningServer {
  app: FastifyInstance;
  db: Db;
}

async function startServer(lasting: LastingDb): Promise<RunningServer> {
  const db = await lasting.open();
  const app = await buildApp(testConfig({ SIMULATOR: 'off' }), { db, logger: false });
  return { app, db };
}

async function stopServer(server: RunningServer): Promise<void> {
  await server.app.close();
  await server.db.close();
}

describe.each(backends)('hub reconnect after a server restart on %s', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // Opening a PGlite directory twice (migrations, seed) takes a while on a busy machine.
  it(
    'sends Close with allowReconnect, and the client reconnects to the new server',
    { timeout: 90_000 },
    async () => {
      const lasting = await lastingDb(backend);
      cleanups.push(() => lasting.dispose());
      let server = await startServer(lasting);
      cleanups.push(() => stopServer(server));
      const baseUrl = await listen(server.app);
      const port = Number(new URL(baseUrl).port);
      const { token } = await signInAs(server.app);

      const client = hubClient(baseUrl, token, [0, 200, 500, 1000, 1000, 2000, 2000, 5000, 5000]);
      cleanups.push(() => client.connection.stop());
      const states: string[] = [];
      client.connection.onreconnecting(() => states.push('Reconnecting'));
      client.connection.onreconnected(() => states.push('Connected'));
      client.connection.onclose(() => states.push('Disconnected'));
      await client.connection.start();
      await client.events.next('NotificationReceived');
      const firstId = client.connection.connectionId;

      const closing = Date.now();
      await stopServer(server);
      // The Close message lets the server stop at once instead of waiting for clients.
      expect(Date.now() - closing).toBeLessThan(5000);
      expect(states).toContain('Reconnecting');

      server = await startServer(lasting);
      await listen(server.app, port);
      await reachState(client.connection, HubConnectionState.Connected);
      expect(states).toEqual(['Reconnecting', 'Connected']);
      expect(client.connection.connectionId).not.toBe(firstId);

      // A reconnect is a new connection: the initial push comes again.
      await client.events.next('ConnectionInitialized', (p) => {
        return (p as { connectionId: string }).connectionId === client.connection.connectionId;
      });
      await expect
        .poll(() => client.events.of('NotificationReceived').length, { timeout: 5000 })
        .toBe(2);
      expect(server.app.hub.connectionCount()).toBe(1);
    },
  );
});
