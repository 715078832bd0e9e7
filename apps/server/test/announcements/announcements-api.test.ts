import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announcementCreateResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import {
  ADMIN,
  DEMO,
  postJson,
  signInAs,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { addOtherTenant, demoFactoryId } from '../mail/tenants.ts';

const LATEST_GET = '/v1/Web/Announcement/Latest';
const LATEST_POST = '/api/v1/Web/Announcement/Latest';
const CREATE = '/v1/Web/Announcement/Create';
const HOUR = 3_600_000;

describe.each(backends)('announcements on %s', (backend) => {
  let t: TestApp;
  let demoFactory: number;
  let otherFactory: number;
  let demoToken: string;
  let otherToken: string;

  beforeAll(async () => {
    // The demo user creates announcements below, which only dev tools allow (off by default).
    t = await startTestApp(backend, { DEV_TOOLS: '1' });
    demoFactory = await demoFactoryId(t.testDb.db);
    const other = await addOtherTenant(t.testDb.db);
    otherFactory = other.factoryId;
    demoToken = (await signInAs(t.app)).token;
    otherToken = (await signInAs(t.app, other)).token;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.testDb.db.query('DELETE FROM announcements');
  });

  /** Stores one announcement running from now+startH to now+endH hours. */
  const add = async (factoryId: number | null, content: string, startH: number, endH: number) => {
    const now = Date.now();
    const rows = await t.testDb.db.query<{ id: number | string }>(
      `INSERT INTO announcements (factory_id, title, content, dt_start, dt_end)
       VALUES ($1, $2, $2, $3, $4) RETURNING id`,
      [factoryId, content, new Date(now + startH * HOUR), new Date(now + endH * HOUR)],
    );
    return Number(rows[0]!.id);
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const getLatest = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: LATEST_GET, headers });
  const postLatest = (headers: Record<string, string> = {}) =>
    postJson(t.app, LATEST_POST, {}, headers);

  it('answers null (GET) and 204 without a body (POST) when nothing is active', async () => {
    await add(null, 'expired', -48, -1);
    await add(null, 'future', 1, 48);
    const get = await getLatest();
    expect(get.statusCode).toBe(200);
    expect(get.body).toBe('null');
    const post = await postLatest();
    expect(post.statusCode).toBe(204);
    expect(post.body).toBe('');
  });

  it('shows only platform-wide announcements without a token, the newest active one', async () => {
    await add(null, 'older platform news', -5, 5);
    const newest = await add(null, 'platform maintenance tonight', -2, 5);
    await add(demoFactory, 'demo factory news', -1, 5);
    await add(null, 'not yet', 1, 5);
    const response = await getLatest();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: newest,
      text: 'platform maintenance tonight',
      published_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect((await postLatest()).json()).toEqual(body);
  });

  it("adds the caller's own factory with a valid token, never another factory's", async () => {
    await add(null, 'platform', -3, 5);
    const demoNews = await add(demoFactory, 'demo: compressor service', -2, 5);
    const berlinNews = await add(otherFactory, 'berlin: holiday hours', -1, 5);
    expect((await getLatest(bearer(demoToken))).json()).toMatchObject({ id: demoNews });
    expect((await postLatest(bearer(demoToken))).json()).toMatchObject({ id: demoNews });
    expect((await getLatest(bearer(otherToken))).json()).toMatchObject({ id: berlinNews });
    await t.testDb.db.query('DELETE FROM announcements WHERE id = $1', [berlinNews]);
    expect((await getLatest(bearer(otherToken))).json()).toMatchObject({ text: 'platform' });
  });

  it('treats an invalid token as no token on the public calls', async () => {
    await add(demoFactory, 'demo only', -1, 5);
    const response = await getLatest(bearer('not-a-real-token'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
    expect((await postLatest(bearer('not-a-real-token'))).statusCode).toBe(204);
  });

  it('stops showing an announcement at its end', async () => {
    await add(demoFactory, 'ended a second ago', -5, -1 / 3600);
    expect((await getLatest(bearer(demoToken))).body).toBe('null');
  });

  const create = (fields: Record<string, unknown>, token = demoToken, email = DEMO.email) =>
    postJson(t.app, CREATE, { email, token, action: CREATE, ...fields });
  const valid = () => ({
    title: 'Maintenance',
    content: 'Power off on Saturday 08:00-12:00',
    isImportant: true,
    dtStart: new Date(Date.now() - 60_000).toISOString(),
    dtEnd: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
  });

  it('creates an announcement for the caller’s factory and answers id, text and published date', async () => {
    const fields = valid();
    const response = await create(fields);
    expect(response.statusCode).toBe(200);
    const body = announcementCreateResponse.parse(response.json());
    expect(body).toMatchObject({ action: CREATE, statusCode: 200, text: fields.content });
    expect(new Date(body.published_date).getTime()).toBe(new Date(fields.dtStart).getTime());
    const stored = await t.testDb.db.query<Record<string, unknown>>(
      'SELECT factory_id, title, is_important FROM announcements WHERE id = $1',
      [body.id],
    );
    expect(stored).toEqual([{ factory_id: demoFactory, title: 'Maintenance', is_important: true }]);
    expect((await getLatest(bearer(demoToken))).json()).toMatchObject({ id: body.id });
    // Not platform-wide, and not the other factory's.
    expect((await getLatest()).body).toBe('null');
    expect((await getLatest(bearer(otherToken))).body).toBe('null');
  });

  it('validates with the exact announcement messages and stores nothing', async () => {
    const noTitle = await create({ ...valid(), title: undefined });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('title: Title is required');
    const blankContent = await create({ ...valid(), content: '   ' });
    expect(blankContent.statusCode).toBe(400);
    expect(blankContent.json().message).toBe('content: Content is required');
    const backwards = await create({
      ...valid(),
      dtStart: '2026-11-28T10:00:00Z',
      dtEnd: '2026-11-21T10:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('dtEnd: End date must be after start date');
    const same = await create({ ...valid(), dtStart: '2026-11-21', dtEnd: '2026-11-21' });
    expect(same.json().message).toBe('dtEnd: End date must be after start date');
    const notADate = await create({ ...valid(), dtStart: 'next week' });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().message).toMatch(/^dtStart: /);
    expect(await t.testDb.db.query('SELECT id FROM announcements')).toEqual([]);
  });

  it("rechecks the order on the factory's clock (local start against an end with an offset)", async () => {
    // Read as UTC the end comes later; on the factory's clock 10:00 in Taipei is 02:00 UTC,
    // before the start at 03:00 UTC.
    const response = await create({
      ...valid(),
      dtStart: '2026-11-21T03:00:00Z',
      dtEnd: '2026-11-21T10:00:00',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('dtEnd: End date must be after start date');
  });

  it('needs a session', async () => {
    const response = await create(valid(), 'not-a-token');
    expect(response.statusCode).toBe(401);
  });
});

describe.each(backends)('announcement creation without dev tools on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend, { DEV_TOOLS: '0' });
  });
  afterAll(() => t.close());

  const fields = {
    title: 'Notice',
    content: 'Quarterly inspection',
    isImportant: false,
    dtStart: '2026-01-01T00:00:00Z',
    dtEnd: '2026-01-08T00:00:00Z',
  };

  it('refuses a user other than Admin with 403 and a clear message', async () => {
    const { token } = await signInAs(t.app);
    const response = await postJson(t.app, CREATE, {
      email: DEMO.email,
      token,
      action: CREATE,
      ...fields,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      action: CREATE,
      statusCode: 201,
      message: expect.stringContaining('Only the Admin user can create announcements'),
    });
    expect(await t.testDb.db.query('SELECT id FROM announcements')).toEqual([]);
  });

  it('lets the Admin user create', async () => {
    const { token } = await signInAs(t.app, ADMIN);
    const response = await postJson(t.app, CREATE, {
      email: ADMIN.email,
      token,
      action: CREATE,
      ...fields,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ statusCode: 200, text: 'Quarterly inspection' });
  });
});
