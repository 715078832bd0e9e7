import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertReceivedPayload, notificationListPayload } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import {
  addFactoryWithUser,
  connectedClient,
  listen,
  stopAll,
  type TestHubClient,
} from '../hub/hub-kit.ts';
import { eventsOf, minutesAgo, reading, startAlarmApp, type AlarmTestApp } from './alarm-app.ts';

/**
 * The whole road with the real pieces: a listening server, the official
 * SignalR client, a reading ingested over HTTP.
 */
describe.each(backends)('an alarm reaches the browsers of its factory on %s', (backend) => {
  let t: AlarmTestApp;
  let demo: TestHubClient;
  let stranger: TestHubClient;
  let otherFactoryId: number;

  beforeAll(async () => {
    t = await startAlarmApp(backend);
    const baseUrl = await listen(t.app);
    const other = await addFactoryWithUser(t.db, t.app, 'elsewhere');
    otherFactoryId = other.factoryId;
    demo = await connectedClient(baseUrl, t.token);
    stranger = await connectedClient(baseUrl, other.token);
    await t.call('/v1/Web/Setting/Alarm/Update', {
      deviceId: await t.nodeId('WB-M01-C1'),
      alarms: [{ target: 'current', isActivated: true, threshold: { low: null, high: 80 } }],
    });
  });
  afterAll(async () => {
    await stopAll([demo, stranger].filter(Boolean));
    await t?.close();
  });

  it('AlertReceived on ingest, the refreshed list on resolve, nothing for another factory', async () => {
    await t.ingest([reading('WB-M01-C1', minutesAgo(1), { current: 96.5 })]);
    const alert = alertReceivedPayload.parse(await demo.events.next('AlertReceived'));
    const [event] = await eventsOf(t.db, t.factoryId);
    expect(alert).toMatchObject({
      id: Number(event!.id),
      titleText: 'Current alarm: Air Compressor 1',
      descText: 'Air Compressor 1: current 96.5 A is above the high limit 80 A.',
      state: 'unresolved',
    });

    demo.events.clear();
    await t.resolve(event!.id);
    const list = notificationListPayload.parse(await demo.events.next('NotificationReceived'));
    expect(list.data.alertList[0]).toMatchObject({ id: alert.id, state: 'resolved' });

    // The stranger's own marker comes after anything sent to it before.
    await t.app.hub.toFactory(otherFactoryId, 'AlertReceived', { ...alert, id: 999_999 });
    await stranger.events.next('AlertReceived', (p) => (p as { id: number }).id === 999_999);
    expect(stranger.events.of('AlertReceived')).toHaveLength(1);
    expect(stranger.events.of('NotificationReceived')).toHaveLength(1); // its initial list only
  });
});
