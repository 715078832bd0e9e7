import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelGroupResponse,
  channelScheduleResponse,
  messageResponse,
  StatusCode,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { DEMO } from '../helpers/test-app.ts';
import {
  call,
  channelState,
  GROUP,
  GROUP_UPDATE,
  SCHEDULE,
  SCHEDULE_UPDATE,
  startControlApp,
  week,
  type ControlTestApp,
} from './control-app.ts';

// A Tuesday, 10:07 in Asia/Taipei: inside the demo's shift and office timers.
const START = new Date('2026-12-01T02:07:00Z');

describe.each(backends)('Control calls on %s', (backend) => {
  let t: ControlTestApp;
  beforeAll(async () => {
    t = await startControlApp(backend, START);
  }, 120_000);
  afterAll(() => t.close());

  it('lists the demo groups and their channels with status and control method', async () => {
    const body = channelGroupResponse.parse((await call(t.app, t.demo, GROUP, {})).json());
    expect(body.groupList.map((g) => [g.groupName, g.channelTypeName, g.isOn])).toEqual([
      ['Lighting', 'Relay-8', true],
      ['Air Conditioning', 'IR-AC', true],
      ['Switched Loads', 'Relay-4', true],
    ]);
    const office = body.channelScheduleList.find((c) => c.name === 'Office Air Conditioning');
    expect(office).toMatchObject({
      groupName: 'Air Conditioning',
      action: 'timer',
      controlMethod: 'IR Control',
    });
    expect(body.channelScheduleList).toHaveLength(8);
  });

  it('takes the confirmed switch states into the simulator at start', async () => {
    const nodes = await t.db.query<{ name: string; node_id: number }>(
      `SELECT name, node_id FROM channel_schedules WHERE name IN ('Outdoor Lighting', 'Warehouse Lighting')`,
    );
    const on = Object.fromEntries(
      nodes.map((n) => [n.name, t.app.simulator.isCircuitOn(n.node_id)]),
    );
    expect(on).toEqual({ 'Outdoor Lighting': false, 'Warehouse Lighting': true });
  });

  it('reads a channel schedule with its IR options and defaults', async () => {
    const id = t.channels.get('Office Air Conditioning')!;
    const body = channelScheduleResponse.parse(
      (await call(t.app, t.demo, SCHEDULE, { channelScheduleId: id })).json(),
    );
    expect(body.optionInfo.selectedOption).toEqual({ set1: 'cool', set2: 26, set3: 'auto' });
    expect(body.optionInfo.optionSetting.sets.map((s) => s.key)).toEqual(['set1', 'set2', 'set3']);
    expect(body.schedule.timer[2]![20]).toBe(1); // Tuesday 10:00
    expect(body.schedule.auto).toEqual(Array.from({ length: 7 }, () => ({ type: 'off' })));
    const lamp = t.channels.get('Warehouse Lighting')!;
    const switchBody = channelScheduleResponse.parse(
      (await call(t.app, t.demo, SCHEDULE, { channelScheduleId: lamp })).json(),
    );
    expect(switchBody.optionInfo.selectedOption).toBeNull();
  });

  it('changes a channel action, records who did it, and switches the circuit at once', async () => {
    const id = t.channels.get('Warehouse Lighting')!;
    const response = await call(t.app, t.demo, `${GROUP_UPDATE}?action=updateChannelStatus`, {
      channelUpdateList: [{ channelScheduleId: id, action: 'off' }],
    });
    expect(messageResponse.parse(response.json()).statusCode).toBe(StatusCode.OK);
    expect(await channelState(t.db, id)).toMatchObject({
      action: 'off',
      status: 'off',
      desired_state: 'off',
    });
    const audit = await t.db.query<{ actor: string; action: string; detail: unknown }>(
      `SELECT actor, action, detail FROM audit_log WHERE target_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.map((row) => [row.actor, row.action])).toEqual([
      [DEMO.username, 'control.channel.action'],
      ['scheduler', 'control.command'],
    ]);
    const node = await t.db.query<{ node_id: number }>(
      'SELECT node_id FROM channel_schedules WHERE id = $1',
      [id],
    );
    expect(t.app.simulator.isCircuitOn(node[0]!.node_id)).toBe(false);
  });

  it('switches a whole group off with its master switch, and moves a channel', async () => {
    const lighting = t.groups.get('Lighting')!;
    const loads = t.groups.get('Switched Loads')!;
    const off = await call(t.app, t.demo, `${GROUP_UPDATE}?action=updateGroupStatus`, {
      groupUpdateList: [{ channelGroupId: lighting, isOn: false }],
    });
    expect(off.json().statusCode).toBe(StatusCode.OK);
    expect(await channelState(t.db, t.channels.get('Workshop Lighting')!)).toMatchObject({
      status: 'off',
    });
    const pump = t.channels.get('Water Pump')!;
    const moved = await call(t.app, t.demo, `${GROUP_UPDATE}?action=updateChannelInfo`, {
      channelUpdateList: [{ channelScheduleId: pump, channelGroupId: lighting, action: 'on' }],
    });
    expect(moved.json().statusCode).toBe(StatusCode.OK);
    expect(await channelState(t.db, pump)).toMatchObject({ channel_group_id: lighting });
    await call(t.app, t.demo, `${GROUP_UPDATE}?action=updateChannelInfo`, {
      channelUpdateList: [{ channelScheduleId: pump, channelGroupId: loads, action: 'on' }],
    });
    await call(t.app, t.demo, `${GROUP_UPDATE}?action=updateGroupStatus`, {
      groupUpdateList: [{ channelGroupId: lighting, isOn: true }],
    });
  });

  it('saves a painted timer and an auto week, partially, and reads them back', async () => {
    const id = t.channels.get('Outdoor Lighting')!;
    const timer = week(0);
    timer[3]![10] = 1;
    const auto = [
      { type: 'off' },
      { type: 'timer', timer: Array(48).fill(1) },
      {
        type: 'signal',
        detectDeviceId: 1,
        detectType: 'Consumption',
        highAction: 'off',
        highWaterMark: '80',
        lowAction: 'on',
        lowWaterMark: 40,
      },
      { type: 'off' },
      { type: 'off' },
      { type: 'off' },
      { type: 'off' },
    ];
    const saved = await call(t.app, t.demo, SCHEDULE_UPDATE, {
      channelScheduleId: id,
      scheduleUpdate: { timer, auto },
    });
    expect(saved.json().statusCode).toBe(StatusCode.OK);
    const body = channelScheduleResponse.parse(
      (await call(t.app, t.demo, SCHEDULE, { channelScheduleId: id })).json(),
    );
    expect(body.schedule.timer).toEqual(timer);
    expect(body.schedule.auto[2]).toMatchObject({
      type: 'signal',
      highWaterMark: 80,
      lowWaterMark: 40,
    });
    await call(t.app, t.demo, SCHEDULE_UPDATE, {
      channelScheduleId: id,
      scheduleUpdate: { on: true },
    });
    const after = channelScheduleResponse.parse(
      (await call(t.app, t.demo, SCHEDULE, { channelScheduleId: id })).json(),
    );
    expect(after.schedule).toMatchObject({ on: true, timer });
  });

  it('merges IR options and drops the set-point in fan mode', async () => {
    const id = t.channels.get('Office Air Conditioning')!;
    const saved = await call(t.app, t.demo, SCHEDULE_UPDATE, {
      channelScheduleId: id,
      selectedOption: { set2: '22' },
    });
    expect(saved.json().statusCode).toBe(StatusCode.OK);
    await call(t.app, t.demo, SCHEDULE_UPDATE, {
      channelScheduleId: id,
      selectedOption: { set1: 'fan' },
    });
    const body = channelScheduleResponse.parse(
      (await call(t.app, t.demo, SCHEDULE, { channelScheduleId: id })).json(),
    );
    expect(body.optionInfo.selectedOption).toEqual({ set1: 'fan', set3: 'auto' });
  });
});
