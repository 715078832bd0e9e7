import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit, SCHEDULER_ACTOR } from '../../src/modules/audit/repo/record-audit.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';

describe.each(backends)('audit log on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.db);
    await t.db.query(
      `INSERT INTO factories (id, slug, name, name_zh) VALUES (1, 'audit-a', 'A', 'A'), (2, 'audit-b', 'B', 'B')`,
    );
  });
  afterAll(() => t.dispose());

  it('stores who did what to what, with details, per factory', async () => {
    await recordAudit(t.db, {
      factoryId: 1,
      actor: { userId: 7, name: 'Admin', address: '192.0.2.10' },
      action: 'control.channel.action',
      target: { type: 'channel', id: 12 },
      detail: { from: 'timer', to: 'off' },
    });
    await recordAudit(t.db, { factoryId: 2, actor: SCHEDULER_ACTOR, action: 'control.command' });
    const rows = await t.db.query<Record<string, unknown>>(
      `SELECT user_id, actor, action, target_type, target_id, detail, address
         FROM audit_log WHERE factory_id = 1`,
    );
    expect(rows).toEqual([
      {
        user_id: 7,
        actor: 'Admin',
        action: 'control.channel.action',
        target_type: 'channel',
        target_id: '12',
        detail: { from: 'timer', to: 'off' },
        address: '192.0.2.10',
      },
    ]);
  });

  it('refuses a malformed action before writing anything', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    await expect(
      recordAudit(t.db, { factoryId: 1, actor: SCHEDULER_ACTOR, action: 'Control Changed' }),
    ).rejects.toThrow(/dotted lower-case/);
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('commits or rolls back with the change it records', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, { factoryId: 1, actor: SCHEDULER_ACTOR, action: 'control.rollback' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'control.rollback'`);
    expect(rows).toHaveLength(0);
  });
});
