import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { addOtherFactory } from '../ingest/ingest-app.ts';
import { eventsOf, startAlarmApp, type AlarmTestApp } from './alarm-app.ts';

interface AuditRow {
  user_id: number | null;
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: Record<string, unknown>;
}

/** Alarm clears are audited in the clear's transaction (issue #13 follow-up). */
describe.each(backends)('alarm clears in the audit log on %s', (backend) => {
  let t: AlarmTestApp;
  let meterId: number;

  const insertEvent = async (factoryId: number, nodeId: number) => {
    const rows = await t.db.query<{ id: string }>(
      `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh)
       VALUES ($1, $2, 'current', 'threshold', 'T', 'D', '標', '描') RETURNING id::text AS id`,
      [factoryId, nodeId],
    );
    return rows[0]!.id;
  };
  const clears = (id: string) =>
    t.db.query<AuditRow>(
      `SELECT user_id, actor, action, target_type, target_id, detail FROM audit_log
        WHERE action = 'alarm.clear' AND target_id = $1`,
      [id],
    );
  const stateOf = async (factoryId: number, id: string) =>
    (await eventsOf(t.db, factoryId)).find((event) => event.id === id)?.state;

  beforeAll(async () => {
    t = await startAlarmApp(backend);
    meterId = await t.nodeId('WB-M01-C1');
  });
  afterAll(() => t?.close());

  it('a clear writes who cleared which event of which node', async () => {
    const id = await insertEvent(t.factoryId, meterId);
    expect((await t.resolve(id)).json().statusCode).toBe(StatusCode.OK);
    expect(await clears(id)).toEqual([
      {
        user_id: t.userId,
        actor: 'demo',
        action: 'alarm.clear',
        target_type: 'event',
        target_id: id,
        detail: { nodeId: meterId, target: 'current' },
      },
    ]);
  });

  it('clearing it again writes nothing more', async () => {
    const id = await insertEvent(t.factoryId, meterId);
    await t.resolve(id);
    expect((await t.resolve(id)).json().statusCode).toBe(StatusCode.OK);
    expect(await clears(id)).toHaveLength(1);
  });

  it("a refused clear (another factory's or an unknown event) writes nothing", async () => {
    const berlin = await addOtherFactory(t.db);
    const theirs = await insertEvent(berlin.factoryId, berlin.meterId);
    expect((await t.resolve(theirs)).json().statusCode).toBe(StatusCode.DataNotFound);
    expect((await t.resolve('987654321')).json().statusCode).toBe(StatusCode.DataNotFound);
    expect(await clears(theirs)).toEqual([]);
    expect(await clears('987654321')).toEqual([]);
    expect(await stateOf(berlin.factoryId, theirs)).toBe('unresolved');
  });

  it('when the audit row cannot be written the clear is rolled back', async () => {
    const id = await insertEvent(t.factoryId, meterId);
    await t.db.query(
      "ALTER TABLE audit_log ADD CONSTRAINT test_no_clears CHECK (action <> 'alarm.clear') NOT VALID",
    );
    try {
      expect((await t.resolve(id)).statusCode).toBe(500);
    } finally {
      await t.db.query('ALTER TABLE audit_log DROP CONSTRAINT test_no_clears');
    }
    expect(await stateOf(t.factoryId, id)).toBe('unresolved');
    expect(await clears(id)).toEqual([]);
    expect((await t.resolve(id)).json().statusCode).toBe(StatusCode.OK);
    expect(await clears(id)).toHaveLength(1);
  });
});
