import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.ts';
import { SessionCache } from '../../src/modules/auth/session-cache.ts';
import { hashToken } from '../../src/platform/http/token.ts';
import {
  call,
  MONITOR_DEVICE,
  signIn,
  startMonitorApp,
  type MonitorTestApp,
  type Session,
} from './monitor-app.ts';
import { PLANT_NOW, seedPlant, type Plant } from './plant-fixture.ts';

const TODAY = { start: '2026-11-22', end: '2026-11-22' };

describe.each(backends)('sessions kept between changes on %s', (backend) => {
  let t: MonitorTestApp;
  let plant: Plant;

  const device = (session: Session) =>
    call(t.app, session, MONITOR_DEVICE, {
      factoryId: 0,
      deviceId: plant.rootId,
      timeRange: TODAY,
    });
  const statementsOf = async (work: () => Promise<unknown>) => {
    const before = t.db.stats!().queries;
    await work();
    return t.db.stats!().queries - before;
  };

  beforeAll(async () => {
    t = await startMonitorApp(backend, PLANT_NOW);
    plant = await seedPlant(t.db);
  });
  afterAll(() => t.close());

  it('a signed-out token is refused at once, though it was kept', async () => {
    const session = await signIn(t.app, plant);
    await device(session);
    expect(await statementsOf(() => device(session))).toBe(0);
    const out = await call(t.app, session, '/User/SignOut', {});
    expect(out.json().statusCode).toBe(200);
    const after = await device(session);
    expect(after.statusCode).toBe(401);
  });

  it('a session revoked or expired in the database is refused at once', async () => {
    const revoked = await signIn(t.app, plant);
    const expired = await signIn(t.app, plant);
    await device(revoked);
    await device(expired);
    await t.db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
      hashToken(revoked.token),
    ]);
    await t.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(expired.token)],
    );
    expect((await device(revoked)).statusCode).toBe(401);
    expect((await device(expired)).statusCode).toBe(401);
  });

  it('a changed user is read anew: a new name shows in the envelope', async () => {
    const session = await signIn(t.app, plant);
    await device(session);
    await t.db.query(`UPDATE users SET username = 'renamed' WHERE email = $1`, [plant.email]);
    const after = await device(session);
    expect(after.json().username).toBe('renamed');
  });

  it('a kept session past its expiry is refused without a change in the database', async () => {
    const session = await signIn(t.app, plant);
    const cache = new SessionCache();
    const first = await cache.find(t.db, t.app.dataChanges, session.token);
    expect(first.session?.user.email).toBe(plant.email);
    const expiry = first.session!.expiresAt.getTime();
    const kept = await cache.find(t.db, t.app.dataChanges, session.token, expiry - 1);
    expect(kept.session).not.toBeNull();
    const late = await cache.find(t.db, t.app.dataChanges, session.token, expiry);
    expect(late.session).toBeNull();
  });
});
