import type { Db } from '../../src/platform/db/db.ts';

/**
 * Every table with a factory's rows (migrations 001–010), so a call that
 * changes any of B's rows fails the suite. Left out: rollup_marks and
 * control_scheduler_leases (the workers' own bookkeeping, not B's data).
 */
const B_TABLES = [
  'factories',
  'users',
  'sessions',
  'nodes',
  'gateways',
  'readings',
  'rollups_15m',
  'rollups_1h',
  'rollups_1d',
  'latest_readings',
  'alarm_settings',
  'events',
  'email_receivers',
  'announcements',
  'mail_outbox',
  'channel_groups',
  'channel_schedules',
  'commands',
  'audit_log',
  'admin_jobs',
];

/** Everything factory B has, table by table, to compare before and after. */
export async function snapshotOf(db: Db, factoryId: number): Promise<string> {
  const parts: string[] = [];
  for (const table of B_TABLES) {
    const column = table === 'factories' ? 'id' : 'factory_id';
    // A failed sign-in with B's e-mail is rightly logged in B's audit log (its owner should see it).
    const unlessSignInFailure = table === 'audit_log' ? ` AND action <> 'sign-in.failed'` : '';
    const rows = await db.query(
      `SELECT * FROM ${table} WHERE ${column} = $1${unlessSignInFailure}`,
      [factoryId],
    );
    const sorted = rows.map((row) => JSON.stringify(row)).sort();
    parts.push(`${table}: ${sorted.join('\n')}`);
  }
  return parts.join('\n\n');
}
