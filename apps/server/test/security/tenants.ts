import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addFactory } from '../../src/modules/factory/repo/add-factory.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { scryptParams } from '../../src/modules/auth/password.ts';
import { addGateway } from '../ingest/ingest-app.ts';
import { DEMO, postJson, signInAs } from '../helpers/test-app.ts';
import {
  addAExtras,
  addBExtras,
  type AExtras,
  type BExtras,
  type Session,
} from './tenant-extras.ts';

import { mintClearLinkToken } from '../../src/modules/alarm-links/index.ts';
import { loadClearLinkSecret } from '../../src/modules/alarm-links/repo/link-store.ts';
import { mintReportLinkToken } from '../../src/modules/scheduled-reports/report-link-token.ts';
import { loadReportLinkSecret } from '../../src/modules/scheduled-reports/repo/report-link-store.ts';
export { snapshotOf } from './snapshot.ts';
export type { Session } from './tenant-extras.ts';

/** Every piece of factory B's data carries this, so a leak shows up in any answer. */
export const B_MARKER = 'zeta';
export const A_GATEWAY_KEY = 'security-suite-gateway-key-a-0123456789';

/** Factory A (the seeded demo, the caller) and factory B (the target), with B's ids. */
export interface Tenants {
  a: {
    factoryId: number;
    session: Session;
    nodeId: number;
    serial: string;
    eventId: number;
    /** A genuine clear link of A's (decision 0074) naming B's event id: it must clear nothing. */
    clearLinkToB: string;
    /** A genuine report link of A's (decision 0083) naming B's report file: it must yield nothing. */
    reportLinkToB: string;
  } & AExtras;
  b: BExtras & {
    factoryId: number;
    session: Session;
    password: string;
    meterId: number;
    serial: string;
    eventId: number;
    receiverId: number;
  };
}

function expectOk(response: LightMyRequestResponse, what: string): Record<string, unknown> {
  const body = response.json<Record<string, unknown>>();
  if (response.statusCode !== 200 || (body.statusCode !== undefined && body.statusCode !== 200)) {
    throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  }
  return body;
}

async function call(app: FastifyInstance, s: Session, url: string, fields: object) {
  return postJson(app, url, { email: s.email, action: url, token: s.token, ...fields });
}

/** A reading per minute for the last few minutes, so every monitor call has something of B's. */
function readingsOf(serial: string) {
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const phase = { voltage: 230, current: 5, kw: 1.1, pf: 0.97 };
  return [5, 4, 3, 2].map((ago, i) => ({
    serial,
    ts: new Date(minute - ago * 60_000).toISOString(),
    phases: { a: phase, b: phase, c: phase },
    kwhForward: 5000 + i,
    kwhReverse: 0,
    frequency: 50,
    temperature: 30,
  }));
}

/**
 * Factory B with data everywhere a call could reach: readings, alarm
 * settings, an open event, receivers and an announcement, all written through
 * the API as B's own user would. Factory A gets a gateway key and an event.
 */
export async function setUpTenants(app: FastifyInstance, db: Db): Promise<Tenants> {
  const password = 'zeta-secret-password';
  const added = await addFactory(
    db,
    {
      slug: 'zeta',
      name: 'Zeta Secret Works',
      nameZh: 'Zeta 秘密工廠',
      timeZone: 'Europe/Berlin',
      email: 'boss@zeta-secret.example',
      password,
      meterSerial: 'ZETA-M01',
    },
    scryptParams(10),
  );
  await db.query(`UPDATE nodes SET name = 'Zeta meter', ch_name = 'Zeta 電表' WHERE id = $1`, [
    added.meterId,
  ]);
  // factory:add names its first user Admin; a name only B has makes a leak of it visible.
  await db.query(
    `UPDATE users SET username = 'zeta-boss' WHERE email = 'boss@zeta-secret.example'`,
  );
  const bSession = await signInAs(app, { email: 'boss@zeta-secret.example', password });
  const b = { email: bSession.email, token: bSession.token };

  expectOk(
    await postJson(
      app,
      '/v1/Ingest/Readings',
      { readings: readingsOf('ZETA-M01') },
      { authorization: `Bearer ${added.gatewayKey}` },
    ),
    'B ingest',
  );
  // Alarms judge readings after the answer, once they are in the rollups: let that finish
  // before B's settings change, so B's rows are settled when the suite snapshots them.
  await app.readingsFeed.idle();
  expectOk(
    await call(app, b, '/v1/Web/Setting/Alarm/Update', {
      deviceId: added.meterId,
      alarms: [{ target: 'voltage', isActivated: true, threshold: { low: 200, high: 240 } }],
    }),
    'B alarm settings',
  );
  const bEvent = expectOk(await call(app, b, '/api/test/alarm', {}), 'B test alarm');
  expectOk(
    await call(app, b, '/v1/Setting/UpdateEmailReceivers', {
      receivers: [{ receiverName: 'Zeta Receiver', email: 'rx@zeta-secret.example', status: 'on' }],
    }),
    'B receivers',
  );
  const today = new Date().toISOString().slice(0, 10);
  expectOk(
    await call(app, b, '/v1/Web/Announcement/Create', {
      title: 'Zeta notice',
      content: 'Zeta secret announcement',
      isImportant: true,
      dtStart: today,
      dtEnd: '2099-01-01',
    }),
    'B announcement',
  );
  const receiverId = (
    await db.query<{ id: number }>('SELECT id FROM email_receivers WHERE factory_id = $1', [
      added.factoryId,
    ])
  )[0]!.id;

  const aFactoryId = (
    await db.query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'")
  )[0]!.id;
  await addGateway(db, aFactoryId, A_GATEWAY_KEY);
  const aSession = await signInAs(app, DEMO);
  const a = { email: aSession.email, token: aSession.token };
  const aNode = (
    await db.query<{ id: number; serial: string }>(
      `SELECT id, serial FROM nodes WHERE factory_id = $1 AND type = 'smartMeter' ORDER BY id LIMIT 1`,
      [aFactoryId],
    )
  )[0]!;
  const aEvent = expectOk(await call(app, a, '/api/test/alarm', {}), 'A test alarm');
  const bExtras = await addBExtras(db, added.factoryId, added.meterId);
  const aExtras = await addAExtras(app, db, aFactoryId, { session: a, nodeId: aNode.id });
  const clearLinkToB = mintClearLinkToken(
    await loadClearLinkSecret(db),
    { factoryId: aFactoryId, eventId: Number(bEvent.alarmId), receiver: 'a@example.com' },
    Date.now(),
  );
  // A genuine report link of A's (decision 0083) naming B's stored report file.
  const reportLinkToB = mintReportLinkToken(
    await loadReportLinkSecret(db),
    { factoryId: aFactoryId, fileId: bExtras.reportFileId, kind: 'weekly', from: today, to: today },
    Date.now(),
  ).token;

  return {
    a: {
      factoryId: aFactoryId,
      session: a,
      nodeId: aNode.id,
      serial: aNode.serial,
      eventId: Number(aEvent.alarmId),
      clearLinkToB,
      reportLinkToB,
      ...aExtras,
    },
    b: {
      factoryId: added.factoryId,
      session: b,
      password,
      meterId: added.meterId,
      serial: 'ZETA-M01',
      eventId: Number(bEvent.alarmId),
      receiverId,
      ...bExtras,
    },
  };
}
