import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelGroupResponse } from '@wattboard/contract';
import { commandEntries } from '../../src/modules/overview/calc/diary.ts';
import { diaryCommands } from '../../src/modules/overview/repo/diary-sources.ts';
import { backends } from '../helpers/backends.ts';
import {
  call,
  channelState,
  GROUP,
  GROUP_UPDATE,
  startControlApp,
  type ControlTestApp,
} from './control-app.ts';

// Tuesday 2026-11-17 (in the past, so readings are accepted), 10:07 in Asia/Taipei (the demo factory's zone).
const START = Date.parse('2026-11-17T02:07:00Z');
const MINUTE = 60_000;

describe.each(backends)('the scheduler on %s', (backend) => {
  let t: ControlTestApp;
  const nodeOf = async (channel: string) =>
    (
      await t.db.query<{ node_id: number }>('SELECT node_id FROM channel_schedules WHERE id = $1', [
        t.channels.get(channel)!,
      ])
    )[0]!.node_id;
  const commands = (channel: string) =>
    t.db.query<{ state: string; reason: string; status: string }>(
      'SELECT state, reason, status FROM commands WHERE channel_schedule_id = $1 ORDER BY id',
      [t.channels.get(channel)!],
    );

  const pendingStateOf = async (id: number) => {
    const body = channelGroupResponse.parse((await call(t.app, t.demo, GROUP, {})).json());
    return body.channelScheduleList.find((c) => c.channelScheduleId === id)?.pendingState;
  };

  beforeAll(async () => {
    t = await startControlApp(backend, new Date(START));
  }, 120_000);
  afterAll(() => t.close());

  it('sends only what differs from the confirmed state: the AC its options, nothing else at 10:07', async () => {
    const counted = async () => (await t.app.metrics.schedulerCommands.get()).values[0]?.value ?? 0;
    const before = await counted();
    const [run] = await t.app.control.scheduler.tick(START);
    expect(run!.held).toBe(true);
    expect(run!.commands.map((c) => [c.channelId, c.state, c.options])).toEqual([
      [t.channels.get('Office Air Conditioning'), 'on', { set1: 'cool', set2: 26, set3: 'auto' }],
    ]);
    expect(await counted()).toBe(before + 1);
    expect(await commands('Office Air Conditioning')).toEqual([
      { state: 'on', reason: 'options', status: 'confirmed' },
    ]);
    // The simulated AC now draws 84 % of its modelled power (cool at 26 °C instead of 24 °C).
    expect(t.app.simulator.circuitLevel(await nodeOf('Office Air Conditioning'))).toBeCloseTo(
      0.84,
      6,
    );
    const [again] = await t.app.control.scheduler.tick(START + MINUTE);
    expect(again!.commands).toEqual([]);
  });

  it('follows the timer across the 22:30 slot boundary, in factory-local time', async () => {
    const at2229 = Date.parse('2026-11-17T14:29:00Z'); // 22:29 Taipei: the shift lighting's last slot
    const first = await t.app.control.scheduler.tick(at2229);
    expect(first[0]!.commands.map((c) => c.channelId)).not.toContain(
      t.channels.get('Workshop Lighting'),
    );
    const at2230 = Date.parse('2026-11-17T14:30:00Z');
    const [run] = await t.app.control.scheduler.tick(at2230);
    const workshop = run!.commands.find((c) => c.channelId === t.channels.get('Workshop Lighting'));
    expect(workshop).toMatchObject({ state: 'off', options: null });
    expect(await channelState(t.db, t.channels.get('Workshop Lighting')!)).toMatchObject({
      status: 'off',
    });
    expect(t.app.simulator.isCircuitOn(await nodeOf('Workshop Lighting'))).toBe(false);
  });

  it('makes a switched-off circuit read ~0 kW from its next reading', async () => {
    const node = await nodeOf('Workshop Lighting');
    const warehouse = await nodeOf('Warehouse Lighting');
    await t.app.simulator.tick(new Date(Date.parse('2026-11-17T14:31:00Z')));
    await t.app.readingsFeed.idle();
    const rows = await t.db.query<{ node_id: number; kw: number }>(
      'SELECT node_id, kw FROM latest_readings WHERE node_id = ANY($1::int[])',
      [[node, warehouse]],
    );
    const kw = new Map(rows.map((row) => [row.node_id, Number(row.kw)]));
    expect(kw.get(node)).toBeCloseTo(0, 3);
    expect(kw.get(warehouse)!).toBeGreaterThan(0.5);
  });

  it("follows a person's flips at once, each one (issue #23: no minute's wait)", async () => {
    const id = t.channels.get('Water Pump')!;
    const at = Date.parse('2026-11-17T15:00:00Z');
    t.clock.now = at;
    const flip = (action: string) =>
      call(t.app, t.demo, `${GROUP_UPDATE}?action=updateChannelStatus`, {
        channelUpdateList: [{ channelScheduleId: id, action }],
      });
    await flip('off');
    t.clock.now = at + 20_000;
    await flip('on');
    t.clock.now = at + 40_000;
    await flip('off');
    expect((await commands('Water Pump')).map((c) => c.state)).toEqual(['off', 'on', 'off']);
    await t.app.control.scheduler.tick(at + MINUTE);
    expect((await commands('Water Pump')).map((c) => c.state)).toEqual(['off', 'on', 'off']);
  });

  it('sends On at once when a master switch goes back On seconds after Off', async () => {
    const groupId = t.groups.get('Lighting')!;
    const warehouse = t.channels.get('Warehouse Lighting')!;
    await call(t.app, t.demo, `${GROUP_UPDATE}?action=updateChannelStatus`, {
      channelUpdateList: [{ channelScheduleId: warehouse, action: 'on' }],
    });
    const at = Date.parse('2026-11-17T15:30:00Z');
    t.clock.now = at;
    const master = (isOn: boolean) =>
      call(t.app, t.demo, `${GROUP_UPDATE}?action=updateGroupStatus`, {
        groupUpdateList: [{ channelGroupId: groupId, isOn }],
      });
    await master(false);
    expect(await channelState(t.db, warehouse)).toMatchObject({ status: 'off' });
    t.clock.now = at + 10_000;
    await master(true);
    expect((await commands('Warehouse Lighting')).at(-1)).toMatchObject({ state: 'on' });
    expect(await channelState(t.db, warehouse)).toMatchObject({ status: 'on' });
  });

  it("keeps the once-a-minute guard for the scheduler's own decisions", async () => {
    const id = t.channels.get('Water Pump')!;
    const at = Date.parse('2026-11-17T15:40:00Z');
    t.clock.now = at;
    await call(t.app, t.demo, `${GROUP_UPDATE}?action=updateChannelStatus`, {
      channelUpdateList: [{ channelScheduleId: id, action: 'on' }],
    });
    const before = (await commands('Water Pump')).length;
    // The device drops to off by itself; the scheduler wants it on again, but not within the minute.
    await t.db.query(`UPDATE channel_schedules SET status = 'off' WHERE id = $1`, [id]);
    await t.app.control.scheduler.tick(at + 20_000);
    expect(await commands('Water Pump')).toHaveLength(before);
    await t.app.control.scheduler.tick(at + MINUTE);
    expect((await commands('Water Pump')).at(-1)).toMatchObject({ state: 'on' });
  });

  it('marks a channel offline when its command is not confirmed within 60 s, and retries later', async () => {
    const id = t.channels.get('Warehouse Lighting')!;
    const at = Date.parse('2026-11-17T16:00:00Z');
    // A command the device never answered, sent 59 s before the tick.
    await t.db.query(
      `INSERT INTO commands (factory_id, channel_schedule_id, state, reason, status, created_at, sent_at)
       SELECT factory_id, id, 'on', 'switch', 'sent', $2::timestamptz, $2::timestamptz FROM channel_schedules WHERE id = $1`,
      [id, new Date(at - 59_000).toISOString()],
    );
    await t.db.query(
      'UPDATE channel_schedules SET last_switched_at = $2::timestamptz WHERE id = $1',
      [id, new Date(at - 59_000).toISOString()],
    );
    const [early] = await t.app.control.scheduler.tick(at);
    expect(early!.offline).toEqual([]);
    // The page is told the command is still in flight (it shows "pending").
    expect(await pendingStateOf(id)).toBe('on');
    const [late] = await t.app.control.scheduler.tick(at + 1000);
    expect(late!.offline).toEqual([id]);
    expect(await pendingStateOf(id)).toBeNull();
    expect(await channelState(t.db, id)).toMatchObject({ status: 'offline' });
    const audit = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_id = $1 AND action = 'control.command.timeout'`,
      [String(id)],
    );
    expect(audit).toHaveLength(1);
    // The Overview's power diary says so, in both languages.
    const factoryId = (
      await t.db.query<{ id: number }>(`SELECT id FROM factories WHERE slug = 'demo'`)
    )[0]!.id;
    const day = { from: at - 3_600_000, to: at + 3_600_000 };
    const diary = commandEntries(await diaryCommands(t.db, factoryId, day), day, at + 1000);
    expect(diary.filter((e) => e.kind === 'commandUnanswered')).toEqual([
      expect.objectContaining({
        status: 'warning',
        time: new Date(at + 1000).toISOString(),
        description: 'Warehouse Lighting did not confirm switching on within 60 s: offline',
        descriptionZh: '倉庫照明 未在 60 秒內確認開啟：離線',
      }),
    ]);
    // Not asked again every minute, but after five.
    const [soon] = await t.app.control.scheduler.tick(at + 2 * MINUTE);
    expect(soon!.commands.map((c) => c.channelId)).not.toContain(id);
    const [later] = await t.app.control.scheduler.tick(at + 5 * MINUTE);
    expect(later!.commands.find((c) => c.channelId === id)).toMatchObject({ state: 'on' });
    expect(await channelState(t.db, id)).toMatchObject({ status: 'on' });
  });
});
