import { readingsFeedPlugin } from '../../src/modules/ingest/readings-feed.ts';
import { metricsPlugin } from '../../src/platform/metrics/plugin.ts';
import { ingestPlugin } from '../../src/modules/ingest/ingest-plugin.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from '../../src/platform/db/db.ts';
import { hashToken } from '../../src/platform/http/token.ts';
import { mqttIngestPlugin, type MqttIngestOptions } from '../../src/modules/ingest/mqtt-plugin.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { errorHandlerPlugin } from '../../src/platform/http/error-handler.ts';
import { ingestRoutes } from '../../src/modules/ingest/routes.ts';
import { contractSerializerCompiler } from '../../src/platform/http/serializer.ts';
import { openTestDb, type Backend, type TestDb } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';

export interface IngestTestApp {
  app: FastifyInstance;
  db: Db;
  demoFactoryId: number;
  close(): Promise<void>;
}

/**
 * The server's ingest parts on a real database: what buildApp registers for
 * them (error handler, db with migrations and the demo seed, the route), plus
 * the MQTT subscriber when options are given.
 */
export async function startIngestApp(
  backend: Backend,
  mqtt?: MqttIngestOptions,
): Promise<IngestTestApp> {
  const testDb: TestDb = await openTestDb(backend);
  const app = Fastify({ logger: false, pluginTimeout: 60_000 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(dbPlugin, { config: testConfig(), db: testDb.db });
  await app.register(demoSeedPlugin, { config: testConfig() });
  await app.register(metricsPlugin);
  await app.register(readingsFeedPlugin);
  await app.register(ingestPlugin);
  await app.register(ingestRoutes);
  if (mqtt) await app.register(mqttIngestPlugin, mqtt);
  await app.ready();
  const demo = await testDb.db.query<{ id: number }>(
    "SELECT id FROM factories WHERE slug = 'demo'",
  );
  return {
    app,
    db: testDb.db,
    demoFactoryId: demo[0]!.id,
    async close() {
      await app.close();
      await testDb.dispose();
    },
  };
}

/** A gateway of the factory with a known key (the seeded one's key is shown only once). */
export async function addGateway(
  db: Db,
  factoryId: number,
  key: string,
  revoked = false,
): Promise<void> {
  await db.query(
    `INSERT INTO gateways (factory_id, name, ingest_key_hash, revoked_at)
     VALUES ($1, $2, $3, $4)`,
    [factoryId, `Gateway ${key.slice(0, 6)}`, hashToken(key), revoked ? new Date() : null],
  );
}

/** A second tenant with one meter, whose serial the demo factory also uses. */
export async function addOtherFactory(db: Db): Promise<{ factoryId: number; meterId: number }> {
  const factoryId = (
    await db.query<{ id: number }>(
      `INSERT INTO factories (slug, name, name_zh, time_zone)
       VALUES ('berlin', 'Berlin Plant', '柏林廠', 'Europe/Berlin') RETURNING id`,
    )
  )[0]!.id;
  const meterId = (
    await db.query<{ id: number }>(
      `INSERT INTO nodes (factory_id, type, ch_name, name, wiring, serial)
       VALUES ($1, 'smartMeter', '柏林電表', 'Berlin Meter', 'a,b,c', 'WB-M01-C1') RETURNING id`,
      [factoryId],
    )
  )[0]!.id;
  return { factoryId, meterId };
}

export async function nodeIdBySerial(db: Db, factoryId: number, serial: string): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM nodes WHERE factory_id = $1 AND serial = $2',
    [factoryId, serial],
  );
  if (!rows[0]) throw new Error(`no node ${serial} in factory ${factoryId}`);
  return rows[0].id;
}

export interface StoredRow {
  node_id: number;
  ts: Date;
  kw: number;
  kwh_forward: number | null;
  kwh_reverse: number | null;
  phases: Record<string, { voltage: number; current: number; kw: number; pf?: number | null }>;
}

export function storedReadings(db: Db, nodeId: number): Promise<StoredRow[]> {
  return db.query<StoredRow>(
    `SELECT node_id, ts, kw, kwh_forward, kwh_reverse, phases
       FROM readings WHERE node_id = $1 ORDER BY ts`,
    [nodeId],
  );
}

const phase = (kw: number) => ({ voltage: 220.5, current: 10.2, kw, pf: 0.95 });

/** A three-phase reading of `serial` at `ts` with forward counter `kwh`. */
export function wire3(serial: string, ts: string, kwh: number, kwPerPhase = 2) {
  return {
    serial,
    ts,
    phases: { a: phase(kwPerPhase), b: phase(kwPerPhase), c: phase(kwPerPhase) },
    kwhForward: kwh,
    kwhReverse: 0,
    frequency: 60,
    temperature: 31.5,
  };
}
