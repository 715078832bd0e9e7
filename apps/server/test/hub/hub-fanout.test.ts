import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertReceivedPayload,
  announcementReceivedPayload,
  notificationListPayload,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  alertItemFromEvent,
  EVENT_ROW_COLUMNS,
  type EventRow,
} from '../../src/modules/hub/repo/notification-lists.ts';
import {
  addFactoryWithUser,
  connectedClient,
  listen,
  stopAll,
  type TestHubClient,
} from './hub-kit.ts';

const alert = (id: number, titleText: string) => ({
  type: 'Abnormal' as const,
  id,
  titleText,
  descText: 'desc',
  title: '標題',
  desc: '描述',
  time: new Date().toISOString(),
  state: 'unresolved',
});

describe.each(backends)('hub fan-out on %s', (backend) => {
  let t: TestApp;
  let demoFactoryId: number;
  let other: { factoryId: number };
  let demo: TestHubClient;
  let admin: TestHubClient;
  let stranger: TestHubClient;

  beforeAll(async () => {
    t = await startTestApp(backend, { SIMULATOR: 'off', DEV_TOOLS: '1' });
    const baseUrl = await listen(t.app);
    demoFactoryId = (
      await t.testDb.db.query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'")
    )[0]!.id;
    const otherFactory = await addFactoryWithUser(t.testDb.db, t.app, 'other');
    other = otherFactory;
    demo = await connectedClient(baseUrl, (await signInAs(t.app)).token);
    admin = await connectedClient(baseUrl, (await signInAs(t.app, ADMIN)).token);
    stranger = await connectedClient(baseUrl, otherFactory.token);
  });
  afterAll(async () => {
    await stopAll([demo, admin, stranger].filter(Boolean));
    await t?.close();
  });

  /**
   * The stranger's own marker arrives after anything sent to it before, so once
   * it is there, what the stranger got of the demo factory's events is final.
   */
  async function strangerSettled(marker: number): Promise<void> {
    await t.app.hub.toFactory(other.factoryId, 'AlertReceived', alert(marker, 'marker'));
    await stranger.events.next('AlertReceived', (p) => (p as { id: number }).id === marker);
  }

  it('sends toFactory to every connection of that factory and to no other', async () => {
    expect(t.app.hub.connectionCount()).toBe(3);
    await t.app.hub.toFactory(demoFactoryId, 'AlertReceived', alert(101, 'Voltage low'));
    for (const client of [demo, admin]) {
      const payload = alertReceivedPayload.parse(
        await client.events.next('AlertReceived', (p) => (p as { id: number }).id === 101),
      );
      expect(payload.titleText).toBe('Voltage low');
    }
    await strangerSettled(9001);
    expect(stranger.events.of('AlertReceived').map((p) => (p as { id: number }).id)).toEqual([
      9001,
    ]);
  });

  it('emits the test screen aliases in dev mode', async () => {
    await t.app.hub.toFactory(demoFactoryId, 'AlertReceived', alert(102, 'Aliased'));
    const is102 = (p: unknown) => (p as { id: number }).id === 102;
    await demo.events.next('FactoryAlert', is102);
    await demo.events.next('alert', is102);
  });

  it('sends toAll to every factory', async () => {
    const announcement = {
      type: 'Official' as const,
      id: 7,
      content: 'Platform maintenance',
      time: new Date().toISOString(),
    };
    await t.app.hub.toAll('AnnouncementReceived', announcement);
    for (const client of [demo, admin, stranger]) {
      const payload = announcementReceivedPayload.parse(
        await client.events.next('AnnouncementReceived'),
      );
      expect(payload.content).toBe('Platform maintenance');
      await client.events.next('FactoryAnnouncement');
    }
  });

  it('refreshLists pushes the factory’s current lists to its connections only', async () => {
    const [row] = await t.testDb.db.query<EventRow>(
      `INSERT INTO events (factory_id, target, kind, title_en, desc_en, title_zh, desc_zh,
                           state, resolved_at)
       VALUES ($1, 'power', 'test', 'Solved one', 'd', '已解決', 'd', 'resolved', now())
       RETURNING ${EVENT_ROW_COLUMNS}`,
      [demoFactoryId],
    );
    const listsBefore = stranger.events.of('NotificationReceived').length;
    await t.app.hub.refreshLists(demoFactoryId);
    const hasSolved = (p: unknown) =>
      (p as { data?: { alertList?: { titleText: string }[] } }).data?.alertList?.some(
        (item) => item.titleText === 'Solved one',
      ) === true;
    for (const client of [demo, admin]) {
      const list = notificationListPayload.parse(
        await client.events.next('NotificationReceived', hasSolved),
      );
      expect(list.data.alertList[0]).toEqual(
        alertReceivedPayload.omit({ type: true }).parse(alertItemFromEvent(row!)),
      );
      expect(list.data.alertList[0]!.state).toBe('resolved');
      await client.events.next('notification', hasSolved);
    }
    await strangerSettled(9002);
    expect(stranger.events.of('NotificationReceived')).toHaveLength(listsBefore);
  });
});
