import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { addFactoryWithUser } from '../hub/hub-kit.ts';
import { expectNoStackTrace } from '../helpers/test-app.ts';
import {
  call,
  GROUP,
  GROUP_UPDATE,
  SCHEDULE,
  SCHEDULE_UPDATE,
  startControlApp,
  week,
  type ControlTestApp,
  type Session,
} from './control-app.ts';

const START = new Date('2026-12-01T02:07:00Z');
const signal = {
  type: 'signal',
  detectDeviceId: 1,
  detectType: 'Consumption',
  highAction: 'off',
  highWaterMark: 80,
  lowAction: 'on',
  lowWaterMark: 40,
};
const offWeek = Array.from({ length: 7 }, () => ({ type: 'off' }));

describe.each(backends)('Control validation and tenant isolation on %s', (backend) => {
  let t: ControlTestApp;
  let other: {
    factoryId: number;
    meterId: number;
    session: Session;
    groupId: number;
    channelId: number;
  };
  /** Everything a refused call must leave as it was. */
  const snapshot = () =>
    t.db.query(
      `SELECT c.id, c.action, c.channel_group_id, c.timer_schedule, c.auto_schedule, c.selected_option, g.is_on
         FROM channel_schedules c JOIN channel_groups g ON g.id = c.channel_group_id ORDER BY c.id`,
    );

  beforeAll(async () => {
    t = await startControlApp(backend, START);
    const added = await addFactoryWithUser(t.db, t.app, 'control-other');
    const group = await t.db.query<{ id: number }>(
      `INSERT INTO channel_groups (factory_id, group_name, channel_type_name) VALUES ($1, 'Theirs', 'Relay') RETURNING id`,
      [added.factoryId],
    );
    const channel = await t.db.query<{ id: number }>(
      `INSERT INTO channel_schedules (factory_id, channel_group_id, node_id, ch_name, name, action)
       VALUES ($1, $2, $3, '他們的', 'Theirs', 'on') RETURNING id`,
      [added.factoryId, group[0]!.id, added.meterId],
    );
    other = {
      factoryId: added.factoryId,
      meterId: added.meterId,
      session: { email: 'control-other@other.example', token: added.token },
      groupId: group[0]!.id,
      channelId: channel[0]!.id,
    };
  }, 120_000);
  afterAll(() => t.close());

  const lamp = () => t.channels.get('Workshop Lighting')!;
  const ac = () => t.channels.get('Office Air Conditioning')!;

  it.each([
    [
      'a day of 47 slots',
      () => ({ timer: [...week(0).slice(0, 6), Array(47).fill(0)] }),
      'scheduleUpdate.timer.6',
    ],
    ['a timer of 6 days', () => ({ timer: week(0).slice(0, 6) }), 'scheduleUpdate.timer'],
    [
      'a slot of 2',
      () => ({ timer: week(0).map((d, i) => (i === 1 ? [2, ...d.slice(1)] : d)) }),
      'scheduleUpdate.timer.1.0',
    ],
    ['an auto week of 6 entries', () => ({ auto: offWeek.slice(0, 6) }), 'scheduleUpdate.auto'],
    [
      'low equal to high',
      () => ({ auto: [{ ...signal, lowWaterMark: 80 }, ...offWeek.slice(1)] }),
      'scheduleUpdate.auto.0.lowWaterMark',
    ],
    [
      'low above high',
      () => ({ auto: [{ ...signal, lowWaterMark: 90 }, ...offWeek.slice(1)] }),
      'scheduleUpdate.auto.0.lowWaterMark',
    ],
    [
      'an unparsable water mark',
      () => ({ auto: [{ ...signal, highWaterMark: 'lots' }, ...offWeek.slice(1)] }),
      'scheduleUpdate.auto.0.highWaterMark',
    ],
  ])('refuses %s with 400 naming the field', async (_, update, field) => {
    const before = await snapshot();
    const response = await call(t.app, t.demo, SCHEDULE_UPDATE, {
      channelScheduleId: lamp(),
      scheduleUpdate: update(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: StatusCode.Fail,
      message: expect.stringContaining(`${field}:`),
    });
    expectNoStackTrace(response.body);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      'an option a Switch channel does not have',
      () => lamp(),
      { set1: 'cool' },
      'selectedOption.set1',
    ],
    ['a set-point the AC does not offer', () => ac(), { set2: 35 }, 'selectedOption.set2'],
    ['a set-point in fan mode', () => ac(), { set1: 'fan', set2: 20 }, 'selectedOption.set2'],
  ])('refuses %s with 400 naming the field', async (_, channel, selectedOption, field) => {
    const before = await snapshot();
    const response = await call(t.app, t.demo, SCHEDULE_UPDATE, {
      channelScheduleId: channel(),
      selectedOption,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(`${field}:`);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bad action, a missing list and an unknown update action with 400', async () => {
    const bad = await call(t.app, t.demo, `${GROUP_UPDATE}?action=updateChannelStatus`, {
      channelUpdateList: [{ channelScheduleId: lamp(), action: 'sometimes' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('channelUpdateList.0.action:');
    const missing = await call(t.app, t.demo, `${GROUP_UPDATE}?action=updateGroupStatus`, {});
    expect(missing.json().message).toContain('groupUpdateList:');
    const unknown = await call(t.app, t.demo, `${GROUP_UPDATE}?action=deleteEverything`, {});
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('action');
  });

  it('refuses another factory’s factoryId with 1008 on every call', async () => {
    const before = await snapshot();
    for (const [url, body] of [
      [GROUP, {}],
      [SCHEDULE, { channelScheduleId: lamp() }],
      [SCHEDULE_UPDATE, { channelScheduleId: lamp(), scheduleUpdate: { on: true } }],
      [
        `${GROUP_UPDATE}?action=updateChannelStatus`,
        { channelUpdateList: [{ channelScheduleId: lamp(), action: 'off' }] },
      ],
    ] as const) {
      const response = await call(t.app, t.demo, url, { ...body, factoryId: other.factoryId });
      expect(response.json().statusCode, url).toBe(StatusCode.FactoryNotFound);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers another factory’s channel, group and node ids with a not-found status and changes nothing', async () => {
    const before = await snapshot();
    const attempts = [
      [SCHEDULE, { channelScheduleId: other.channelId }],
      [SCHEDULE_UPDATE, { channelScheduleId: other.channelId, scheduleUpdate: { timer: week(1) } }],
      [
        `${GROUP_UPDATE}?action=updateGroupStatus`,
        { groupUpdateList: [{ channelGroupId: other.groupId, isOn: false }] },
      ],
      [
        `${GROUP_UPDATE}?action=updateChannelStatus`,
        {
          channelUpdateList: [
            { channelScheduleId: lamp(), action: 'off' },
            { channelScheduleId: other.channelId, action: 'off' },
          ],
        },
      ],
      [
        `${GROUP_UPDATE}?action=updateChannelInfo`,
        {
          channelUpdateList: [
            { channelScheduleId: lamp(), channelGroupId: other.groupId, action: 'on' },
          ],
        },
      ],
      [
        SCHEDULE_UPDATE,
        {
          channelScheduleId: lamp(),
          scheduleUpdate: {
            auto: [{ ...signal, detectDeviceId: other.meterId }, ...offWeek.slice(1)],
          },
        },
      ],
    ] as const;
    for (const [url, body] of attempts) {
      const response = await call(t.app, t.demo, url, body);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().statusCode, url).toBe(StatusCode.DataNotFound);
    }
    expect(await snapshot()).toEqual(before);
    const audit = await t.db.query(
      "SELECT 1 FROM audit_log WHERE factory_id = $1 AND action LIKE 'control.%'",
      [other.factoryId],
    );
    expect(audit).toEqual([]);
  });

  it('shows each factory only its own groups and channels', async () => {
    const theirs = (await call(t.app, other.session, GROUP, {})).json();
    expect(theirs.groupList.map((g: { groupName: string }) => g.groupName)).toEqual(['Theirs']);
    expect(
      theirs.channelScheduleList.map((c: { channelScheduleId: number }) => c.channelScheduleId),
    ).toEqual([other.channelId]);
    const own = (await call(t.app, t.demo, GROUP, {})).json();
    expect(JSON.stringify(own)).not.toContain('Theirs');
  });
});
