import type { Db } from '../../src/platform/db/db.ts';
import { local, type OverviewPlant } from './overview-fixture.ts';

/**
 * Today's other happenings: an alarm opened 08:00 and cleared 09:30 by the
 * factory's user, a test alarm opened 10:00 and still open, an alarm of
 * yesterday still open (open alarms, not today's diary), one of yesterday
 * cleared at 00:30 (only its clearing is today's), a lighting channel switched
 * on at 07:00 and confirmed 5 s later, and one switched off at 23:59:30
 * yesterday and confirmed at 00:00:10 today (only the confirmation is today's).
 */
export async function seedHappenings(db: Db, plant: OverviewPlant): Promise<void> {
  const event = (kind: string, title: string, opened: string, resolved: string | null) =>
    db.query(
      `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh,
                           opened_at, last_breach_at, state, resolved_at, resolved_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12)`,
      [
        plant.factoryId,
        plant.c1,
        kind === 'test' ? 'test' : title.toLowerCase(),
        kind,
        title,
        `${title} on C1`,
        `${title} 中`,
        `C1 ${title} 中`,
        new Date(local(opened)),
        resolved ? 'resolved' : 'unresolved',
        resolved ? new Date(local(resolved)) : null,
        resolved ? plant.userId : null,
      ],
    );
  await event('threshold', 'Voltage', '2026-12-01T08:00', '2026-12-01T09:30');
  await event('test', 'Test', '2026-12-01T10:00', null);
  await event('threshold', 'Current', '2026-11-30T20:00', null);
  await event('threshold', 'Frequency', '2026-11-30T22:00', '2026-12-01T00:30');
  const groups = await db.query<{ id: number }>(
    `INSERT INTO channel_groups (factory_id, group_name, channel_type_name, control_method)
     VALUES ($1, 'Lighting', 'Relay-8', 'Switch') RETURNING id`,
    [plant.factoryId],
  );
  const channels = await db.query<{ id: number }>(
    `INSERT INTO channel_schedules (factory_id, channel_group_id, node_id, ch_name, name, action, status)
     VALUES ($1, $2, $3, '照明 1', 'Light 1', 'on', 'on'), ($1, $2, NULL, '照明 2', 'Light 2', 'off', 'off')
     RETURNING id`,
    [plant.factoryId, groups[0]!.id, plant.c3],
  );
  const command = (channel: number, state: string, created: number, confirmed: number) =>
    db.query(
      `INSERT INTO commands (factory_id, channel_schedule_id, state, reason, status, created_at,
                             sent_at, confirmed_at)
       VALUES ($1, $2, $3, 'manual', 'confirmed', $4, $4, $5)`,
      [plant.factoryId, channel, state, new Date(created), new Date(confirmed)],
    );
  await command(channels[0]!.id, 'on', local('2026-12-01T07:00'), local('2026-12-01T07:00') + 5000);
  const lateYesterday = local('2026-11-30T23:59') + 30_000;
  await command(channels[1]!.id, 'off', lateYesterday, local('2026-12-01T00:00') + 10_000);
}
