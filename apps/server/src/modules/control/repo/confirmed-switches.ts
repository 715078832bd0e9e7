import type { SelectedOption } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

export interface ConfirmedSwitch {
  node_id: number;
  status: string;
  applied_option: SelectedOption | null;
  ir: boolean;
}

/** Every controlled circuit's last confirmed state (on or off), with its IR setting. */
export async function confirmedSwitches(db: Queryable): Promise<ConfirmedSwitch[]> {
  return db.query<ConfirmedSwitch>(
    `SELECT c.node_id, c.status, c.applied_option, g.control_method = 'IR Control' AS ir
       FROM channel_schedules c
       JOIN channel_groups g ON g.factory_id = c.factory_id AND g.id = c.channel_group_id
      WHERE c.node_id IS NOT NULL AND c.status IN ('on', 'off')`,
  );
}
