import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListPayload } from '@wattboard/contract';
import { migrate } from '../../src/platform/db/migrate.ts';
import { loadHubSecret } from '../../src/modules/hub/repo/hub-secret.ts';
import { loadNotificationLists } from '../../src/modules/hub/repo/notification-lists.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe.each(backends)('notification lists and the hub secret on %s', (backend) => {
  let t: TestDb;
  let mine: number;
  let theirs: number;

  const addFactory = async (slug: string) =>
    (
      await t.db.query<{ id: number }>(
        `INSERT INTO factories (slug, name, name_zh) VALUES ($1, $1, $1) RETURNING id`,
        [slug],
      )
    )[0]!.id;
  const addEvent = (factoryId: number, title: string, openedAt: Date) =>
    t.db.query(
      `INSERT INTO events (factory_id, target, kind, title_en, desc_en, title_zh, desc_zh, opened_at)
       VALUES ($1, 'power', 'test', $2, 'd', $2, 'd', $3)`,
      [factoryId, title, openedAt],
    );
  const addAnnouncement = (factoryId: number | null, content: string, start: Date) =>
    t.db.query(
      `INSERT INTO announcements (factory_id, title, content, dt_start, dt_end)
       VALUES ($1, 't', $2, $3, $4)`,
      [factoryId, content, start, new Date(start.getTime() + 86_400_000)],
    );

  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.db);
    mine = await addFactory('mine');
    theirs = await addFactory('theirs');
    for (let i = 1; i <= 25; i += 1) await addEvent(mine, `event ${i}`, minutesBefore(100 - i));
    await addEvent(theirs, 'their event', minutesBefore(1));
    for (let i = 1; i <= 22; i += 1)
      await addAnnouncement(mine, `news ${i}`, minutesBefore(60 - i));
    await addAnnouncement(null, 'for everyone', minutesBefore(5));
    await addAnnouncement(theirs, 'their news', minutesBefore(2));
    await addAnnouncement(mine, 'next week', new Date(NOW.getTime() + 7 * 86_400_000));
  });
  afterAll(() => t?.dispose());

  it('returns the factory’s latest 20 events, newest first', async () => {
    const { alertList } = await loadNotificationLists(t.db, mine, NOW);
    expect(alertList).toHaveLength(20);
    expect(alertList[0]!.titleText).toBe('event 25');
    expect(alertList[19]!.titleText).toBe('event 6');
    expect(alertList.map((item) => item.titleText)).not.toContain('their event');
    expect(typeof alertList[0]!.id).toBe('number');
  });

  it('returns the latest 20 started announcements of the factory or the platform', async () => {
    const { announcementList } = await loadNotificationLists(t.db, mine, NOW);
    expect(announcementList).toHaveLength(20);
    expect(announcementList.slice(0, 2).map((item) => item.content)).toEqual([
      'for everyone',
      'news 22',
    ]);
    const contents = announcementList.map((item) => item.content);
    expect(contents).not.toContain('their news');
    expect(contents).not.toContain('next week');
  });

  it('answers a factory without notifications with empty lists the contract accepts', async () => {
    const empty = await addFactory('quiet');
    const lists = await loadNotificationLists(t.db, empty, NOW);
    expect(lists.alertList).toEqual([]);
    expect(lists.announcementList.map((item) => item.content)).toEqual(['for everyone']);
    expect(notificationListPayload.parse({ type: 'list', data: lists }).data).toEqual(lists);
  });

  it('creates the hub secret once: concurrent loads all get the same one', async () => {
    const secrets = await Promise.all([1, 2, 3, 4].map(() => loadHubSecret(t.db)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(await loadHubSecret(t.db)).toBe(secrets[0]);
  });
});
