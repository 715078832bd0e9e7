import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminAuditListResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { DEMO, expectNoStackTrace, postJson } from '../helpers/test-app.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const LIST = '/v1/Admin/Audit/List';
const EXPORT = '/v1/Admin/Audit/Export';

describe.each(backends)('admin audit log on %s', (backend) => {
  let f: AdminFixture;

  beforeAll(async () => {
    f = await startAdminFixture(backend);
    // One failed sign-in of a known account (the demo user).
    const failed = await postJson(f.t.app, '/User/SignIn', {
      email: DEMO.email,
      password: 'not-the-password',
      action: '/User/SignIn',
      token: '',
    });
    expect(failed.json().statusCode).toBe(1002);
  });
  afterAll(() => f.close());

  it('lists sign-ins and failed sign-ins of the own factory, newest first', async () => {
    const response = await f.call(LIST, f.adminToken);
    expect(response.statusCode).toBe(200);
    const body = adminAuditListResponse.parse(response.json());
    expect(body.statusCode).toBe(200);
    const actions = body.entries.map((e) => `${e.action}:${e.actor}`);
    expect(actions).toEqual(['sign-in.failed:demo', 'sign-in:demo', 'sign-in:Admin']);
    expect(body.entries[0]).toMatchObject({
      targetType: 'user',
      detail: { reason: 'password' },
      address: expect.any(String),
    });
    expect(body.nextBeforeId).toBeNull();
  });

  it('filters by action prefix, exact action, actor and day, and pages by id', async () => {
    const list = async (filter: Record<string, unknown>) =>
      adminAuditListResponse.parse((await f.call(LIST, f.adminToken, filter)).json());
    expect((await list({ auditAction: 'sign-in' })).entries).toHaveLength(3);
    expect((await list({ auditAction: 'sign-in.failed' })).entries).toHaveLength(1);
    expect((await list({ auditAction: 'sign' })).entries).toHaveLength(0);
    expect((await list({ actor: 'ADM' })).entries.map((e) => e.actor)).toEqual(['Admin']);
    expect((await list({ actor: '%' })).entries).toHaveLength(0);
    expect((await list({ from: '2999-01-01' })).entries).toHaveLength(0);
    expect((await list({ to: '2000-01-01' })).entries).toHaveLength(0);
    const first = await list({ limit: 2 });
    expect(first.entries).toHaveLength(2);
    expect(first.nextBeforeId).toBe(first.entries[1]!.id);
    const second = await list({ limit: 2, beforeId: first.nextBeforeId });
    expect(second.entries.map((e) => e.actor)).toEqual(['Admin']);
    expect(second.nextBeforeId).toBeNull();
  });

  it('shows another factory only its own log', async () => {
    const body = adminAuditListResponse.parse((await f.call(LIST, f.otherAdminToken)).json());
    expect(body.entries.map((e) => e.actor)).toEqual(['Admin']);
    expect(body.entries[0]!.address).not.toBeNull();
  });

  it('refuses non-Admin users with 403 and no data', async () => {
    const response = await f.call(LIST, f.demoToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.forbidden });
    expect(response.json()).not.toHaveProperty('entries');
    const file = await f.call(EXPORT, f.demoToken);
    expect(file.statusCode).toBe(403);
    expect(file.headers['content-type']).toMatch(/json/);
  });

  it("refuses another factory's id (1008), in the list and the export", async () => {
    const response = await f.call(LIST, f.adminToken, { factoryId: f.otherFactory });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      statusCode: 1008,
      message: ADMIN_MESSAGES.factoryNotFound,
    });
    const file = await f.call(EXPORT, f.adminToken, { factoryId: f.otherFactory });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ statusCode: 1008 });
  });

  it('answers 400 naming the field for bad filters', async () => {
    for (const [body, field] of [
      [{ limit: 0 }, 'limit'],
      [{ from: '2026-11-30', to: '2026-11-01' }, 'to'],
      [{ from: '30/11/2026' }, 'from'],
      [{ beforeId: -3 }, 'beforeId'],
    ] as const) {
      const response = await f.call(LIST, f.adminToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
      expectNoStackTrace(response.body);
    }
    const file = await f.call(EXPORT, f.adminToken, { lang: 'fr' });
    expect(file.statusCode).toBe(400);
    expect(file.json().message).toContain('lang');
  });

  it('exports the filter as CSV with a BOM, in English and 中文', async () => {
    const response = await f.call(EXPORT, f.adminToken, {
      auditAction: 'sign-in',
      to: '2999-12-31',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('audit-log-start-2999-12-31.csv');
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time,Who,Action,Target type,Target id,Address,Detail');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00,demo,sign-in\.failed,user,\d+,/,
    );
    expect(lines[1]).toContain('"{""reason"":""password""}"');
    const zh = await f.call(EXPORT, f.adminToken, { lang: 'zh-TW' });
    expect(zh.rawPayload.toString('utf8').slice(1).split('\r\n')[0]).toBe(
      '時間,操作者,動作,對象類型,對象編號,來源位址,詳細內容',
    );
  });
});
