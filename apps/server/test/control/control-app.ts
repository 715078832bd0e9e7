import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/platform/db/db.ts';
import type { Backend } from '../helpers/backends.ts';
import { DEMO, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';

export const GROUP = '/v1/Channel/Group';
export const GROUP_UPDATE = '/v1/Channel/Group/Update';
export const SCHEDULE = '/v1/Channel/Schedule';
export const SCHEDULE_UPDATE = '/v1/Channel/Schedule/Update';

export interface Session {
  email: string;
  token: string;
}

export interface ControlTestApp extends TestApp {
  demo: Session;
  /** The fake clock the scheduler and its pushes read. */
  clock: { now: number };
  /** The demo factory's channel ids by English name. */
  channels: Map<string, number>;
  groups: Map<string, number>;
  db: Db;
}

/** The whole server (buildApp) on a fresh database, the demo user signed in, a fake clock. */
export async function startControlApp(
  backend: Backend,
  start: Date,
  env: Record<string, string> = {},
): Promise<ControlTestApp> {
  const t = await startTestApp(backend, env);
  const clock = { now: start.getTime() };
  t.app.control.now = () => clock.now;
  const signed = await signInAs(t.app, DEMO);
  const channels = await t.testDb.db.query<{ id: number; name: string }>(
    'SELECT id, name FROM channel_schedules ORDER BY id',
  );
  const groups = await t.testDb.db.query<{ id: number; group_name: string }>(
    'SELECT id, group_name FROM channel_groups ORDER BY id',
  );
  return {
    ...t,
    db: t.testDb.db,
    demo: { email: signed.email, token: signed.token },
    clock,
    channels: new Map(channels.map((row) => [row.name, row.id])),
    groups: new Map(groups.map((row) => [row.group_name, row.id])),
  };
}

/** A Control call with the envelope filled in. */
export function call(
  app: FastifyInstance,
  session: Session,
  url: string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const action = url.split('?')[0]!;
  return app.inject({
    method: 'POST',
    url,
    payload: { email: session.email, token: session.token, action, factoryId: 0, ...body },
  });
}

/** A channel's stored state, for checking what a call or the scheduler did. */
export async function channelState(db: Db, id: number) {
  const rows = await db.query<{
    action: string;
    status: string;
    desired_state: string | null;
    channel_group_id: number;
  }>(
    'SELECT action, status, desired_state, channel_group_id FROM channel_schedules WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

export const week = (value: 0 | 1) => Array.from({ length: 7 }, () => Array<0 | 1>(48).fill(value));
