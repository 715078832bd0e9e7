import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  overviewConsumeRatioResponse,
  overviewPowerChartResponse,
  overviewResponse,
} from '@wattboard/contract';
import { DEMO_CONTROL_GROUPS } from '../../src/modules/demo/repo/demo-controls.ts';
import { DEMO_USERS } from '../../src/modules/demo/demo-factory.ts';
import { groupStatus } from '../../src/modules/overview/calc/controls.ts';
import { backends } from '../helpers/backends.ts';
import {
  call,
  createFactory,
  signIn,
  type MonitorTestApp,
  type Session,
} from '../monitor/monitor-app.ts';
import { CONSUME_RATIO, OVERVIEW, POWER_CHART, startOverviewApp } from './overview-app.ts';

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
    expect(DEMO_CONTROL_GROUPS.map((group) => group.controlMethod)).toEqual(
      expect.arrayContaining(['Switch', 'IR Control']),
    );
    expect(
      body.controls.map((group) => [group.groupName, group.controlMode, group.status]),
    ).toEqual(
      DEMO_CONTROL_GROUPS.map((group) => [
        group.groupName,
        group.controlMethod,
        groupStatus(group.channels.map((channel) => channel.status)),
      ]),
    );
    expect(body.controls.map((group) => group.details.map((channel) => channel.name))).toEqual(
      DEMO_CONTROL_GROUPS.map((group) => group.channels.map((channel) => channel.name)),
    );
    const linked = await t.db.query<{ channel: string; node: string | null }>(
      `SELECT c.name AS channel, n.name AS node FROM channel_schedules c
         LEFT JOIN nodes n ON n.id = c.node_id`,
    );
    const expected = DEMO_CONTROL_GROUPS.flatMap((group) => group.channels)
      .filter((channel) => channel.node !== null)
      .map((channel) => ({ channel: channel.name, node: channel.node }));
    expect(linked.filter((row) => row.node !== null)).toEqual(expect.arrayContaining(expected));
    expect(expected.length).toBeGreaterThan(0);
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

  it('answers a factory without any monitoring point on all three calls', async () => {
    const bare = await createFactory(t.db, 'bare', 'Europe/Berlin', 0.4);
    const own = await signIn(t.app, bare);
    const body = overviewResponse.parse((await call(t.app, own, OVERVIEW, {})).json());
    expect(body).toMatchObject({ detectLine: [], devicePowerInfo: [], energyDistribution: [] });
    expect(body.dtNowFactory).toBe('2026-12-01T03:07:00+01:00');
    const ratio = overviewConsumeRatioResponse.parse(
      (
        await call(t.app, own, CONSUME_RATIO, {
          startDate: '2026-11-30',
          endDate: '2026-12-01',
          channelIdList: [],
        })
      ).json(),
    );
    expect(ratio.pieChartData).toEqual({ root: null, items: [], remainder: null });
    expect(ratio.barChartList.map((bar) => bar.total.kwh)).toEqual([0, 0]);
    const chart = overviewPowerChartResponse.parse(
      (await call(t.app, own, POWER_CHART, {})).json(),
    );
    expect(chart).toMatchObject({ targetDate: '2026-12-01', totalKWH: 0, hasReverseKWH: false });
    expect(chart.listPowerUsageKWH.every((point) => point.value === null)).toBe(true);
  });
});
