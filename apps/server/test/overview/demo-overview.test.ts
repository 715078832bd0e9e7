import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewResponse } from '@wattboard/contract';
import { DEMO_USERS } from '../../src/db/demo-factory.ts';
import { backends } from '../helpers/backends.ts';
import { call, signIn, type MonitorTestApp, type Session } from '../monitor/monitor-app.ts';
import { OVERVIEW, startOverviewApp } from './overview-app.ts';

describe.each(backends)('overview of the freshly seeded demo factory on %s', (backend) => {
  let t: MonitorTestApp;
  let session: Session;

  beforeAll(async () => {
    t = await startOverviewApp(backend, new Date('2026-12-01T02:07:00Z'));
    const demo = DEMO_USERS[0];
    session = await signIn(t.app, { factoryId: 0, email: demo.email, password: demo.password });
  }, 120_000);
  afterAll(() => t.close());

  it('lists the seeded relay and IR groups, linked to their circuits', async () => {
    const body = overviewResponse.parse((await call(t.app, session, OVERVIEW, {})).json());
    expect(
      body.controls.map((group) => [group.groupName, group.controlMode, group.status]),
    ).toEqual([
      ['Lighting', 'Switch', 'on'],
      ['Air Conditioning', 'IR Control', 'on'],
    ]);
    expect(body.controls[0]!.details.map((channel) => channel.name)).toEqual([
      'Workshop Lighting',
      'Warehouse Lighting',
      'Outdoor Lighting',
    ]);
    const linked = await t.db.query<{ name: string; node: string | null }>(
      `SELECT c.name, n.name AS node FROM channel_schedules c
         LEFT JOIN nodes n ON n.id = c.node_id ORDER BY c.channel_group_id, c.sort_order`,
    );
    expect(linked.filter((row) => row.node === row.name)).toHaveLength(4);
  });

  it('answers a factory without readings with zeros, nulls and empty lists', async () => {
    const body = overviewResponse.parse((await call(t.app, session, OVERVIEW, {})).json());
    expect(body.averagePowerUsage.day).toEqual({
      kwh: 0,
      co2: 0,
      reverseKwh: 0,
      co2Saving: 0,
      previousKwh: 0,
      changeKwh: 0,
      changePercent: null,
    });
    expect(body.demand).toEqual({
      valueKW: null,
      maxKW: null,
      monthMaxKW: null,
      contractCapacityKW: 800,
    });
    expect(body.devicePowerInfo).toHaveLength(8);
    expect(body.devicePowerInfo.every((meter) => meter.valueKW === null)).toBe(true);
    expect(body.pointRanking.rankList).toEqual([]);
    expect(body.energyDistribution).toHaveLength(7);
    // The solar inverters make the root able to show reverse energy.
    expect(body.hasReverseKWH).toBe(true);
    expect(body.detectLine[0]!.name).toBe('Incoming Supply');
  });
});
