import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewResponse, StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { call, signIn, type MonitorTestApp, type Session } from '../monitor/monitor-app.ts';
import { seedHappenings } from './happenings-fixture.ts';
import { OVERVIEW, startOverviewApp } from './overview-app.ts';
import { OV_NOW, seedOverviewPlant, type OverviewPlant } from './overview-fixture.ts';

/** Every id and text of a factory's answer, to look for another factory's in it. */
const idsOf = (body: unknown) =>
  JSON.stringify(body).match(/"(?:id|nodeId|channelScheduleId|channelGroupId)":\d+/g) ?? [];

describe.each(backends)('overview tenant isolation on %s', (backend) => {
  let t: MonitorTestApp;
  let a: OverviewPlant;
  let b: OverviewPlant;
  let sessionA: Session;
  let sessionB: Session;

  beforeAll(async () => {
    t = await startOverviewApp(backend, OV_NOW);
    a = await seedOverviewPlant(t.db, 'tenant-a');
    b = await seedOverviewPlant(t.db, 'tenant-b');
    await seedHappenings(t.db, b);
    sessionA = await signIn(t.app, a);
    sessionB = await signIn(t.app, b);
  }, 120_000);
  afterAll(() => t.close());

  it('refuses another factory’s id with 1008 and no figures', async () => {
    const body = (await call(t.app, sessionA, OVERVIEW, { factoryId: b.factoryId })).json();
    expect(body.statusCode).toBe(StatusCode.FactoryNotFound);
    expect(body).not.toHaveProperty('averagePowerUsage');
  });

  it('shows a factory only its own nodes, alarms, commands and controls', async () => {
    const own = overviewResponse.parse((await call(t.app, sessionA, OVERVIEW, {})).json());
    const theirs = overviewResponse.parse((await call(t.app, sessionB, OVERVIEW, {})).json());
    // B has alarms, commands and a channel group; A has none of them.
    expect(theirs.openAlarms).toHaveLength(2);
    expect(theirs.controls).toHaveLength(1);
    expect(own.openAlarms).toEqual([]);
    expect(own.controls).toEqual([]);
    expect(own.powerDiary.map((entry) => entry.kind).sort()).toEqual([
      'dayDemandMax',
      'demandNearCapacity',
      'meterOffline',
      'meterOnline',
    ]);
    const bNodes = [b.rootId, b.meterM, b.solarS, b.c1, b.c2, b.c3];
    const ownIds = idsOf(own);
    for (const id of bNodes) {
      expect(ownIds).not.toContain(`"id":${id}`);
      expect(ownIds).not.toContain(`"nodeId":${id}`);
    }
    // Same readings, same figures: neither factory's energy leaks into the other's.
    expect(own.averagePowerUsage).toEqual(theirs.averagePowerUsage);
  });
});
