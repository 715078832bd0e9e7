import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/platform/db/db.ts';
import { addGateway, nodeIdBySerial } from '../ingest/ingest-app.ts';
import type { Backend } from '../helpers/backends.ts';
import { postJson, signInAs, startTestApp, DEMO, type TestApp } from '../helpers/test-app.ts';

export const GATEWAY_KEY = 'alarm-tests-gateway-key-0123456789abcdef';

export interface AlarmTestApp extends TestApp {
  db: Db;
  factoryId: number;
  token: string;
  userId: number;
  /** POST a data call as the demo user. */
  call(url: string, fields: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** POST readings with the gateway key, then wait until alarms and the hub have handled them. */
  ingest(readings: unknown[]): Promise<LightMyRequestResponse>;
  resolve(id: string | number, token?: string): Promise<LightMyRequestResponse>;
  nodeId(serial: string): Promise<number>;
}

/** The real app (simulator off) with the demo user signed in and a gateway key to ingest with. */
export async function startAlarmApp(
  backend: Backend,
  env: Record<string, string> = {},
  options: { keepDemoAlarms?: boolean } = {},
): Promise<AlarmTestApp> {
  const t = await startTestApp(backend, { SIMULATOR: 'off', ...env });
  const db = t.testDb.db;
  const factoryId = (
    await db.query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'")
  )[0]!.id;
  await addGateway(db, factoryId, GATEWAY_KEY);
  // Each test states the settings it relies on; the demo's seeded ones are tested on their own.
  if (!options.keepDemoAlarms) await db.query('DELETE FROM alarm_settings');
  const session = await signInAs(t.app, DEMO);
  const userId = (
    await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.email])
  )[0]!.id;
  return {
    ...t,
    db,
    factoryId,
    token: session.token,
    userId,
    call: (url, fields) =>
      postJson(t.app, url, { email: DEMO.email, action: url, token: session.token, ...fields }),
    ingest: async (readings) => {
      const response = await postJson(
        t.app,
        '/v1/Ingest/Readings',
        { readings },
        { authorization: `Bearer ${GATEWAY_KEY}` },
      );
      // The answer comes before alarms run; tests look at what they did.
      await t.app.readingsFeed.idle();
      return response;
    },
    resolve: (id, token = session.token) =>
      t.app.inject({
        method: 'PUT',
        url: `/v1/Event/${id}/resolve`,
        headers: { authorization: `Bearer ${token}` },
      }),
    nodeId: (serial) => nodeIdBySerial(db, factoryId, serial),
  };
}

/** Minute-aligned instants before now (ingest refuses the future). */
export function minutesAgo(minutes: number): string {
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  return new Date(minute - minutes * 60_000).toISOString();
}

export interface ReadingOverrides {
  voltage?: number;
  current?: number;
  kwPerPhase?: number;
  pf?: number;
  temperature?: number;
  frequency?: number;
  kwh?: number;
}

/** A three-phase wire reading of `serial` at `ts`. */
export function reading(serial: string, ts: string, o: ReadingOverrides = {}) {
  const phase = {
    voltage: o.voltage ?? 220,
    current: o.current ?? 10,
    kw: o.kwPerPhase ?? 2,
    pf: o.pf ?? 0.95,
  };
  return {
    serial,
    ts,
    phases: { a: phase, b: phase, c: phase },
    kwhForward: o.kwh ?? 1000,
    kwhReverse: 0,
    frequency: o.frequency ?? 60,
    temperature: o.temperature ?? 35,
  };
}

export async function addReceivers(
  db: Db,
  factoryId: number,
  receivers: { name: string; email: string; status: 'on' | 'off' }[],
): Promise<void> {
  for (const [index, r] of receivers.entries()) {
    await db.query(
      `INSERT INTO email_receivers (factory_id, receiver_name, email, status, sort_order)
       VALUES ($1, $2, $3, $4, $5)`,
      [factoryId, r.name, r.email, r.status, index],
    );
  }
}

export interface EventRecord {
  id: string;
  node_id: number | null;
  target: string;
  kind: string;
  state: string;
  value: number | null;
  title_en: string;
  desc_en: string;
  opened_at: Date;
  last_breach_at: Date;
  resolved_at: Date | null;
  resolved_by: number | null;
}

export function eventsOf(db: Db, factoryId: number): Promise<EventRecord[]> {
  return db.query<EventRecord>(
    `SELECT id::text AS id, node_id, target, kind, state, value, title_en, desc_en, opened_at,
            last_breach_at, resolved_at, resolved_by
       FROM events WHERE factory_id = $1 ORDER BY id`,
    [factoryId],
  );
}

export function outboxOf(db: Db, eventId: string): Promise<{ to_address: string }[]> {
  return db.query<{ to_address: string }>(
    'SELECT to_address FROM mail_outbox WHERE event_id = $1 ORDER BY to_address',
    [eventId],
  );
}
