import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminEventListResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const LIST = '/v1/Admin/Event/List';
const EXPORT = '/v1/Admin/Event/Export';

describe.each(backends)('admin alarm events on %s', (backend) => {
  let f: AdminFixture;
  let nodeA: number;
  let nodeB: number;

  const addEvent = async (
    factoryId: number,
    nodeId: number | null,
    target: string,
    openedAt: string,
  ) => {
    const rows = await f.t.testDb.db.query<{ id: number | string }>(
      `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh,
                           value, threshold_high, opened_at, last_breach_at)
       VALUES ($1, $2, $3, 'threshold', $4, 'too high', $5, '過高', 250.5, 240, $6, $6) RETURNING id`,
      [factoryId, nodeId, target, `High ${target}`, `${target} 過高`, openedAt],
    );
    return Number(rows[0]!.id);
  };

  beforeAll(async () => {
    f = await startAdminFixture(backend);
    const nodes = await f.t.testDb.db.query<{ id: number }>(
      "SELECT id FROM nodes WHERE factory_id = $1 AND type = 'smartMeter' ORDER BY id LIMIT 2",
      [f.demoFactory],
    );
    [nodeA, nodeB] = nodes.map((n) => n.id) as [number, number];
    await addEvent(f.demoFactory, nodeA, 'voltage', '2026-11-01T02:00:00Z');
    const cleared = await addEvent(f.demoFactory, nodeB, 'current', '2026-11-10T02:00:00Z');
    await addEvent(f.demoFactory, nodeA, 'current', '2026-11-20T02:00:00Z');
    await addEvent(f.otherFactory, null, 'test', '2026-11-20T02:00:00Z');
    // Cleared by the demo user through the real call.
    const resolved = await f.t.app.inject({
      method: 'PUT',
      url: `/v1/Event/${cleared}/resolve`,
      headers: { authorization: `Bearer ${f.demoToken}` },
    });
    expect(resolved.statusCode).toBe(200);
  });
  afterAll(() => f.close());

  const list = async (filter: Record<string, unknown> = {}) =>
    adminEventListResponse.parse((await f.call(LIST, f.adminToken, filter)).json());

  it('lists all events newest first with point names and who cleared them', async () => {
    const body = await list();
    expect(body.events.map((e) => e.target)).toEqual(['current', 'current', 'voltage']);
    const cleared = body.events[1]!;
    expect(cleared).toMatchObject({
      state: 'resolved',
      resolvedBy: 'demo',
      nodeId: nodeB,
      titleText: 'High current',
      title: 'current 過高',
    });
    expect(cleared.nodeName).not.toBeNull();
    expect(cleared.resolvedAt).not.toBeNull();
  });

  it('filters by node, target, state and day, and pages', async () => {
    expect((await list({ nodeId: nodeA })).events).toHaveLength(2);
    expect((await list({ target: 'voltage' })).events).toHaveLength(1);
    expect((await list({ state: 'resolved' })).events.map((e) => e.nodeId)).toEqual([nodeB]);
    expect(
      (await list({ state: 'unresolved', nodeId: nodeA, target: 'current' })).events,
    ).toHaveLength(1);
    // Taipei days: 2026-11-10 10:00 local is on the 10th.
    expect(
      (await list({ from: '2026-11-10', to: '2026-11-10' })).events.map((e) => e.target),
    ).toEqual(['current']);
    expect((await list({ from: '2026-11-11' })).events).toHaveLength(1);
    const first = await list({ limit: 2 });
    expect(first.nextBeforeId).toBe(first.events[1]!.id);
    const second = await list({ limit: 2, beforeId: first.nextBeforeId });
    expect(second.events.map((e) => e.target)).toEqual(['voltage']);
    expect(second.nextBeforeId).toBeNull();
  });

  it("keeps factories apart and refuses another factory's node (1009)", async () => {
    const theirs = adminEventListResponse.parse((await f.call(LIST, f.otherAdminToken)).json());
    expect(theirs.events.map((e) => e.target)).toEqual(['test']);
    const foreign = await f.call(LIST, f.otherAdminToken, { nodeId: nodeA });
    expect(foreign.json()).toMatchObject({
      statusCode: 1009,
      message: ADMIN_MESSAGES.nodeNotFound,
    });
    expect((await f.call(EXPORT, f.otherAdminToken, { nodeId: nodeA })).statusCode).toBe(404);
    expect(
      (await f.call(LIST, f.adminToken, { factoryId: f.otherFactory })).json().statusCode,
    ).toBe(1008);
    expect((await f.call(LIST, f.demoToken)).statusCode).toBe(403);
    expect((await f.call(EXPORT, f.demoToken)).statusCode).toBe(403);
  });

  it('answers 400 naming the field', async () => {
    for (const [body, field] of [
      [{ state: 'open' }, 'state'],
      [{ target: 'Volt age' }, 'target'],
      [{ nodeId: 1.5 }, 'nodeId'],
      [{ from: '2026-11-30', to: '2026-11-01' }, 'to'],
    ] as const) {
      const response = await f.call(LIST, f.adminToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
  });

  it('exports the filter as CSV (BOM) in English and 中文', async () => {
    const en = await f.call(EXPORT, f.adminToken, { state: 'resolved' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-disposition']).toContain('alarm-events-start-today.csv');
    expect([...en.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = en.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Id,Opened,Point,Target,Title,Value,Low,High,State,Cleared,Cleared by');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^\d+,2026-11-10T10:00:00\+08:00,[^,]+,current,High current,250\.5,,240,Resolved,\d{4}-.*,demo$/,
    );
    const zh = await f.call(EXPORT, f.adminToken, { lang: 'zh-TW', target: 'voltage' });
    const zhLines = zh.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(zhLines[0]).toBe('編號,發生時間,監測點,項目,標題,數值,下限,上限,狀態,解除時間,解除者');
    expect(zhLines[1]).toContain(',voltage 過高,250.5,,240,未解除,,');
  });
});
