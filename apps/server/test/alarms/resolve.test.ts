import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { expectNoStackTrace } from '../helpers/test-app.ts';
import { addOtherFactory } from '../ingest/ingest-app.ts';
import { eventsOf, startAlarmApp, type AlarmTestApp } from './alarm-app.ts';

async function insertEvent(
  t: AlarmTestApp,
  factoryId: number,
  nodeId: number | null,
): Promise<string> {
  const rows = await t.db.query<{ id: string }>(
    `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh)
     VALUES ($1, $2, $3, $4, 'Title', 'Desc', '標題', '描述') RETURNING id::text AS id`,
    [
      factoryId,
      nodeId,
      nodeId === null ? 'test' : 'current',
      nodeId === null ? 'test' : 'threshold',
    ],
  );
  return rows[0]!.id;
}

describe.each(backends)('PUT /v1/Event/{id}/resolve on %s', (backend) => {
  let t: AlarmTestApp;
  let berlin: { factoryId: number; meterId: number };

  beforeAll(async () => {
    t = await startAlarmApp(backend);
    berlin = await addOtherFactory(t.db);
  });
  afterAll(() => t?.close());

  it('resolves an event of the caller\'s factory; the path id "12" is coerced to a number', async () => {
    const id = await insertEvent(t, t.factoryId, null);
    const response = await t.resolve(String(id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      statusCode: StatusCode.OK,
      action: `/v1/Event/${id}/resolve`,
      email: 'demo@wattboard.local',
      alarmId: Number(id),
    });
    expect(typeof response.json().alarmId).toBe('number');
    const [event] = (await eventsOf(t.db, t.factoryId)).filter((e) => e.id === id);
    expect(event).toMatchObject({ state: 'resolved', resolved_by: t.userId });
  });

  it('accepts the body the web client sends along (the id in the path decides)', async () => {
    const id = await insertEvent(t, t.factoryId, null);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/v1/Event/${id}/resolve`,
      headers: { authorization: `Bearer ${t.token}` },
      payload: { id: 1, email: 'demo@wattboard.local', token: t.token },
    });
    expect(response.json()).toMatchObject({ statusCode: StatusCode.OK, alarmId: Number(id) });
    const [event] = (await eventsOf(t.db, t.factoryId)).filter((e) => e.id === id);
    expect(event!.state).toBe('resolved');
  });

  it('resolving an already-resolved event is an OK no-op that keeps who and when', async () => {
    const id = await insertEvent(t, t.factoryId, null);
    await t.resolve(id);
    const [before] = (await eventsOf(t.db, t.factoryId)).filter((e) => e.id === id);
    const again = await t.resolve(id);
    expect(again.json()).toMatchObject({ statusCode: StatusCode.OK, alarmId: Number(id) });
    const [after] = (await eventsOf(t.db, t.factoryId)).filter((e) => e.id === id);
    expect(after).toEqual(before);
  });

  it("another factory's event is not found (1011) and stays unresolved", async () => {
    const id = await insertEvent(t, berlin.factoryId, berlin.meterId);
    const response = await t.resolve(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ statusCode: StatusCode.DataNotFound });
    expect(response.json().message).toBeTruthy();
    const [event] = await eventsOf(t.db, berlin.factoryId);
    expect(event).toMatchObject({ state: 'unresolved', resolved_by: null, resolved_at: null });
  });

  it('an unknown id is not found', async () => {
    for (const id of ['987654321', '0']) {
      const response = await t.resolve(id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ statusCode: StatusCode.DataNotFound });
    }
  });

  // Ids a client sends are strict (issue #8): text is refused, not read as 0.
  it('a negative, fractional, non-numeric or beyond-bigint id is a 400 naming the id', async () => {
    for (const id of ['-3', '1.5', 'abc', '12abc', '9007199254740993']) {
      const response = await t.resolve(id);
      expect(response.statusCode).toBe(400);
      expectNoStackTrace(response.body);
      expect(response.json().message).toMatch(/^id: /);
    }
  });

  it('needs a valid token', async () => {
    const id = await insertEvent(t, t.factoryId, null);
    const response = await t.resolve(id, 'not-a-token');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: StatusCode.TokenExpired });
    const [event] = (await eventsOf(t.db, t.factoryId)).filter((e) => e.id === id);
    expect(event!.state).toBe('unresolved');
  });
});
