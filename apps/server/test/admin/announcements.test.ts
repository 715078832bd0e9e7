import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  ANNOUNCEMENT_MESSAGES,
  adminAnnouncementAnswer,
  adminAnnouncementListResponse,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const LIST = '/v1/Admin/Announcement/List';
const CREATE = '/v1/Admin/Announcement/Create';
const END = '/v1/Admin/Announcement/End';
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe.each(backends)('admin announcements on %s', (backend) => {
  let f: AdminFixture;
  const create = async (title: string, startH: number, endH: number, token = f.adminToken) =>
    adminAnnouncementAnswer.parse(
      (
        await f.call(CREATE, token, {
          title,
          content: `${title} body`,
          dtStart: at(startH),
          dtEnd: at(endH),
        })
      ).json(),
    ).announcement;
  const list = async (state?: string, token = f.adminToken) =>
    adminAnnouncementListResponse.parse((await f.call(LIST, token, state ? { state } : {})).json())
      .announcements;

  beforeAll(async () => {
    f = await startAdminFixture(backend);
    await f.t.testDb.db.query(
      `INSERT INTO announcements (factory_id, title, content, dt_start, dt_end)
       VALUES (NULL, 'Platform', 'Platform body', now() - interval '1 hour', now() + interval '1 hour')`,
    );
  });
  afterAll(() => f.close());

  it('creates for the factory, shows scheduled / active / ended with the platform ones', async () => {
    const active = await create('Maintenance', -1, 5);
    expect(active).toMatchObject({
      state: 'active',
      platformWide: false,
      createdBy: 'Admin',
      isImportant: false,
    });
    await create('Tomorrow', 24, 48);
    await create('Last week', -200, -100);
    expect((await list()).map((a) => a.title)).toEqual([
      'Tomorrow',
      'Maintenance',
      'Platform',
      'Last week',
    ]);
    expect((await list('scheduled')).map((a) => a.title)).toEqual(['Tomorrow']);
    expect((await list('active')).map((a) => a.title)).toEqual(['Maintenance', 'Platform']);
    expect((await list('ended')).map((a) => a.title)).toEqual(['Last week']);
    // The banner call sees the factory's active one.
    const latest = await f.t.app.inject({
      method: 'GET',
      url: '/v1/Web/Announcement/Latest',
      headers: { authorization: `Bearer ${f.adminToken}` },
    });
    expect(latest.json().text).toBe('Maintenance body');
    // Another factory sees the platform one only.
    expect((await list(undefined, f.otherAdminToken)).map((a) => a.title)).toEqual(['Platform']);
    const audit = await f.t.testDb.db.query(
      "SELECT 1 FROM audit_log WHERE action = 'announcement.add'",
    );
    expect(audit).toHaveLength(3);
  });

  it('keeps the announcement rules and messages', async () => {
    for (const [body, message] of [
      [
        { title: ' ', content: 'c', dtStart: at(0), dtEnd: at(1) },
        ANNOUNCEMENT_MESSAGES.titleRequired,
      ],
      [
        { title: 't', content: '', dtStart: at(0), dtEnd: at(1) },
        ANNOUNCEMENT_MESSAGES.contentRequired,
      ],
      [
        { title: 't', content: 'c', dtStart: at(2), dtEnd: at(1) },
        ANNOUNCEMENT_MESSAGES.endAfterStart,
      ],
    ] as const) {
      const response = await f.call(CREATE, f.adminToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('ends an active one now and cancels a scheduled one; refuses ended, platform and foreign ones', async () => {
    const active = await create('To end', -1, 5);
    const ended = adminAnnouncementAnswer.parse(
      (await f.call(END, f.adminToken, { announcementId: active.id })).json(),
    );
    expect(ended.announcement.state).toBe('ended');
    expect(Date.parse(ended.announcement.dtEnd)).toBeLessThanOrEqual(Date.now());
    expect(ended.announcement.dtStart).toBe(active.dtStart);
    const scheduled = await create('To cancel', 10, 20);
    const cancelled = await f.call(END, f.adminToken, { announcementId: scheduled.id });
    expect(cancelled.json().announcement.state).toBe('ended');

    const again = await f.call(END, f.adminToken, { announcementId: active.id });
    expect(again.json()).toMatchObject({
      statusCode: 201,
      message: ADMIN_MESSAGES.announcementOver,
    });
    const platform = (await list('active')).find((a) => a.platformWide)!;
    const refused = await f.call(END, f.adminToken, { announcementId: platform.id });
    expect(refused.json()).toMatchObject({
      statusCode: 201,
      message: ADMIN_MESSAGES.platformAnnouncement,
    });
    const ours = await create('Ours', -1, 5);
    const foreign = await f.call(END, f.otherAdminToken, { announcementId: ours.id });
    expect(foreign.json()).toMatchObject({ statusCode: 1011, message: ADMIN_MESSAGES.notFound });
    expect((await list('active')).map((a) => a.title)).toContain('Ours');
    const audit = await f.t.testDb.db.query(
      "SELECT 1 FROM audit_log WHERE action = 'announcement.end'",
    );
    expect(audit).toHaveLength(2);
  });

  it('refuses non-Admins (403) and another factory id (1008)', async () => {
    for (const path of [LIST, CREATE, END]) {
      const body = { title: 't', content: 'c', dtStart: at(0), dtEnd: at(1), announcementId: 1 };
      expect((await f.call(path, f.demoToken, body)).statusCode).toBe(403);
      const foreign = await f.call(path, f.adminToken, { ...body, factoryId: f.otherFactory });
      expect(foreign.json().statusCode).toBe(1008);
    }
    expect((await f.call(END, f.adminToken, { announcementId: 'x' })).json().message).toContain(
      'announcementId',
    );
  });
});
