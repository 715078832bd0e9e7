import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlChangedPayload } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import {
  addFactoryWithUser,
  connectedClient,
  listen,
  stopAll,
  type TestHubClient,
} from '../hub/hub-kit.ts';
import {
  call,
  GROUP_UPDATE,
  SCHEDULE_UPDATE,
  startControlApp,
  week,
  type ControlTestApp,
} from './control-app.ts';

describe.each(backends)('ControlChanged on the hub on %s', (backend) => {
  let t: ControlTestApp;
  let own: TestHubClient;
  let second: TestHubClient;
  let stranger: TestHubClient;

  beforeAll(async () => {
    t = await startControlApp(backend, new Date('2026-11-17T02:07:00Z'));
    const base = await listen(t.app);
    const other = await addFactoryWithUser(t.db, t.app, 'control-hub-other');
    [own, second, stranger] = await Promise.all([
      connectedClient(base, t.demo.token),
      connectedClient(base, t.demo.token),
      connectedClient(base, other.token),
    ]);
  }, 120_000);
  afterAll(async () => {
    await stopAll([own, second, stranger]);
    await t.close();
  });

  it('tells every browser of the factory about a person’s change, and no one else', async () => {
    const id = t.channels.get('Warehouse Lighting')!;
    const response = await call(t.app, t.demo, `${GROUP_UPDATE}?action=updateChannelStatus`, {
      channelUpdateList: [{ channelScheduleId: id, action: 'off' }],
    });
    expect(response.json().statusCode).toBe(200);
    const isPerson = (payload: unknown) => controlChangedPayload.parse(payload).source === 'person';
    const pushed = controlChangedPayload.parse(
      await second.events.next('ControlChanged', isPerson),
    );
    expect(pushed).toMatchObject({
      source: 'person',
      channelScheduleIds: [id],
      channelGroupIds: [t.groups.get('Lighting')],
    });
    // The command it caused is confirmed by the simulator: a device push follows.
    const device = await own.events.next(
      'ControlChanged',
      (p) => controlChangedPayload.parse(p).source === 'device',
    );
    expect(device).toMatchObject({ channelScheduleIds: [id] });
    await call(t.app, t.demo, SCHEDULE_UPDATE, {
      channelScheduleId: id,
      scheduleUpdate: { timer: week(1) },
    });
    await second.events.next(
      'ControlChanged',
      (p) => controlChangedPayload.parse(p).channelScheduleIds.length === 1 && isPerson(p),
    );
    expect(stranger.events.of('ControlChanged')).toEqual([]);
  });
});
