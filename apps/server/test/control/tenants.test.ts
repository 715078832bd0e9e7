import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import {
  call,
  GROUP,
  GROUP_UPDATE,
  SCHEDULE,
  SCHEDULE_UPDATE,
  startControlApp,
  week,
  type ControlTestApp,
} from './control-app.ts';
import {
  addOtherFactory,
  offWeek,
  signal,
  snapshotChannels,
  type OtherFactory,
} from './control-fixture.ts';

const START = new Date('2026-12-01T02:07:00Z');

describe.each(backends)('Control tenant isolation on %s', (backend) => {
  let t: ControlTestApp;
  let other: OtherFactory;
  const snapshot = () => snapshotChannels(t.db);

  beforeAll(async () => {
    t = await startControlApp(backend, START);
    other = await addOtherFactory(t, 'control-other');
  }, 120_000);
  afterAll(() => t.close());

  const lamp = () => t.channels.get('Workshop Lighting')!;

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
