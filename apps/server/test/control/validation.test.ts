import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { expectNoStackTrace } from '../helpers/test-app.ts';
import {
  call,
  GROUP_UPDATE,
  SCHEDULE_UPDATE,
  startControlApp,
  week,
  type ControlTestApp,
} from './control-app.ts';
import { offWeek, signal, snapshotChannels } from './control-fixture.ts';

const START = new Date('2026-12-01T02:07:00Z');

describe.each(backends)('Control validation on %s', (backend) => {
  let t: ControlTestApp;
  const snapshot = () => snapshotChannels(t.db);

  beforeAll(async () => {
    t = await startControlApp(backend, START);
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
});
