import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSum } from '../../src/modules/control/calc/member-sum.ts';
import { backends } from '../helpers/backends.ts';
import {
  call,
  channelState,
  SCHEDULE_UPDATE,
  startControlApp,
  type ControlTestApp,
} from './control-app.ts';
import { offWeek } from './control-fixture.ts';

// Tuesday 2026-11-17, 10:07 in Asia/Taipei: the EV charger's weekday entry is its HVAC signal.
const AT = Date.parse('2026-11-17T02:07:00Z');
const MINUTE = 60_000;

describe('a virtual node’s consumption from its members', () => {
  it.each([
    [
      [1, 2],
      [
        [1, 10],
        [2, 5.5],
      ],
      15.5,
    ],
    [
      [1, 2],
      [
        [1, 10],
        [3, 5],
      ],
      null,
    ],
    [[], [[1, 10]], null],
    [[4], [[4, -20]], -20],
  ] as const)('%j of %j is %s', (members, values, expected) => {
    expect(memberSum(members, new Map(values.map(([id, kw]) => [id, kw])))).toBe(expected);
  });
});

describe.each(backends)('the consumption signal on %s', (backend) => {
  let t: ControlTestApp;
  let ev: number;
  let factoryId: number;
  const nodeId = async (name: string) =>
    (await t.db.query<{ id: number }>('SELECT id FROM nodes WHERE name = $1', [name]))[0]!.id;
  const reading = (node: number, kw: number, at: number) =>
    t.db.query(
      `INSERT INTO latest_readings (factory_id, node_id, ts, kw) VALUES ($1, $2, $3::timestamptz, $4)
       ON CONFLICT (node_id, factory_id) DO UPDATE SET ts = EXCLUDED.ts, kw = EXCLUDED.kw`,
      [factoryId, node, new Date(at).toISOString(), kw],
    );
  const tick = async (at: number) => {
    const [run] = await t.app.control.scheduler.tick(at);
    return run!.commands.filter((c) => c.channelId === ev).map((c) => c.state);
  };

  beforeAll(async () => {
    t = await startControlApp(backend, new Date(AT));
    ev = t.channels.get('EV Charger')!;
    factoryId = (
      await t.db.query<{ id: number }>(`SELECT id FROM factories WHERE slug = 'demo'`)
    )[0]!.id;
  }, 120_000);
  afterAll(() => t.close());

  it('sheds above the high mark, holds between the marks, restores below the low mark', async () => {
    const hvac = await nodeId('HVAC Meter');
    await reading(hvac, 160, AT - 30_000);
    expect(await tick(AT)).toEqual(['off']);
    await reading(hvac, 120, AT + MINUTE);
    expect(await tick(AT + 2 * MINUTE)).toEqual([]);
    expect(await channelState(t.db, ev)).toMatchObject({ status: 'off', desired_state: 'off' });
    await reading(hvac, 99, AT + 3 * MINUTE);
    expect(await tick(AT + 3 * MINUTE + 5000)).toEqual(['on']);
    // A reading older than 5 minutes is no signal: the charger stays as it is.
    expect(await tick(AT + 9 * MINUTE)).toEqual([]);
    await reading(hvac, 200, AT + 9 * MINUTE - 6 * MINUTE);
    expect(await tick(AT + 10 * MINUTE)).toEqual([]);
  });

  it('watches a virtual node as the sum of its meters, and holds while one is silent', async () => {
    const facilities = await nodeId('Facilities');
    const auto = [...offWeek];
    auto[2] = {
      type: 'signal',
      detectDeviceId: facilities,
      detectType: 'Consumption',
      highAction: 'off',
      highWaterMark: 100,
      lowAction: 'on',
      lowWaterMark: 50,
    } as never;
    const saved = await call(t.app, t.demo, SCHEDULE_UPDATE, {
      channelScheduleId: ev,
      scheduleUpdate: { auto },
    });
    expect(saved.json().statusCode).toBe(200);
    const at = AT + 20 * MINUTE;
    const meters = ['HVAC Meter', 'Lighting Meter', 'Office Meter', 'Utility Meter'];
    const ids = await Promise.all(meters.map(nodeId));
    // Three meters reading, the fourth silent: no signal yet.
    for (const id of ids.slice(0, 3)) await reading(id, 40, at - 10_000);
    await reading(ids[3]!, 40, at - 20 * MINUTE);
    expect(await tick(at)).toEqual([]);
    await reading(ids[3]!, 40, at - 5000);
    expect(await tick(at + 1000)).toEqual(['off']); // 4 × 40 = 160 kW > 100
  });
});
