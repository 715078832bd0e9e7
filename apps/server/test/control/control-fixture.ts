import type { Db } from '../../src/platform/db/db.ts';
import { addFactoryWithUser } from '../hub/hub-kit.ts';
import type { ControlTestApp, Session } from './control-app.ts';

export const signal = {
  type: 'signal',
  detectDeviceId: 1,
  detectType: 'Consumption',
  highAction: 'off',
  highWaterMark: 80,
  lowAction: 'on',
  lowWaterMark: 40,
};
export const offWeek = Array.from({ length: 7 }, () => ({ type: 'off' }));

/** Everything a refused call must leave as it was. */
export function snapshotChannels(db: Db) {
  return db.query(
    `SELECT c.id, c.action, c.channel_group_id, c.timer_schedule, c.auto_schedule, c.selected_option, g.is_on
       FROM channel_schedules c JOIN channel_groups g ON g.id = c.channel_group_id ORDER BY c.id`,
  );
}

export interface OtherFactory {
  factoryId: number;
  meterId: number;
  session: Session;
  groupId: number;
  channelId: number;
}

/** A second tenant with a meter, a group and a channel of its own, and a signed-in user. */
export async function addOtherFactory(t: ControlTestApp, slug: string): Promise<OtherFactory> {
  const added = await addFactoryWithUser(t.db, t.app, slug);
  const group = await t.db.query<{ id: number }>(
    `INSERT INTO channel_groups (factory_id, group_name, channel_type_name) VALUES ($1, 'Theirs', 'Relay') RETURNING id`,
    [added.factoryId],
  );
  const channel = await t.db.query<{ id: number }>(
    `INSERT INTO channel_schedules (factory_id, channel_group_id, node_id, ch_name, name, action)
     VALUES ($1, $2, $3, '他們的', 'Theirs', 'on') RETURNING id`,
    [added.factoryId, group[0]!.id, added.meterId],
  );
  return {
    factoryId: added.factoryId,
    meterId: added.meterId,
    session: { email: `${slug}@other.example`, token: added.token },
    groupId: group[0]!.id,
    channelId: channel[0]!.id,
  };
}
