/**
 * The demo factory's controlled devices (DESIGN §8), seeded with the tree so
 * Overview and Control are not empty on a fresh install: a relay board for
 * the lighting circuits and an IR controller for the air conditioners.
 */
import type { Queryable } from './db.ts';

interface DemoChannel {
  name: string;
  chName: string;
  /** The monitored circuit it switches (by the demo tree's English name), if any. */
  node: string | null;
  action: 'on' | 'off' | 'timer' | 'auto';
  status: 'on' | 'off' | 'offline';
}

interface DemoGroup {
  groupName: string;
  channelTypeName: string;
  controlMethod: 'Switch' | 'IR Control';
  channels: DemoChannel[];
}

/** 7 days (Sunday first) × 48 half hours: on 07:00–19:00 on weekdays, off at weekends. */
export const DEMO_WORKDAY_TIMER: number[][] = Array.from({ length: 7 }, (_, day) =>
  Array.from({ length: 48 }, (_, slot) =>
    day >= 1 && day <= 5 && slot >= 14 && slot < 38 ? 1 : 0,
  ),
);

export const DEMO_CONTROL_GROUPS: DemoGroup[] = [
  {
    groupName: 'Lighting',
    channelTypeName: 'Relay-8',
    controlMethod: 'Switch',
    channels: [
      {
        name: 'Workshop Lighting',
        chName: '廠房照明',
        node: 'Workshop Lighting',
        action: 'timer',
        status: 'on',
      },
      {
        name: 'Warehouse Lighting',
        chName: '倉庫照明',
        node: 'Warehouse Lighting',
        action: 'on',
        status: 'on',
      },
      {
        name: 'Outdoor Lighting',
        chName: '戶外照明',
        node: 'Outdoor Lighting',
        action: 'off',
        status: 'off',
      },
    ],
  },
  {
    groupName: 'Air Conditioning',
    channelTypeName: 'IR-AC',
    controlMethod: 'IR Control',
    channels: [
      {
        name: 'Office Air Conditioning',
        chName: '辦公室空調',
        node: 'Office Air Conditioning',
        action: 'timer',
        status: 'on',
      },
      {
        name: 'Meeting Room Air Conditioning',
        chName: '會議室空調',
        node: null,
        action: 'off',
        status: 'off',
      },
    ],
  },
];

/** Inserts the demo groups and channels; the tree must already be seeded. */
export async function seedDemoControls(tx: Queryable, factoryId: number): Promise<void> {
  for (const [groupIndex, group] of DEMO_CONTROL_GROUPS.entries()) {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO channel_groups (factory_id, group_name, channel_type_name, control_method, sort_order)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [factoryId, group.groupName, group.channelTypeName, group.controlMethod, groupIndex],
    );
    const groupId = rows[0]?.id;
    if (groupId === undefined) throw new Error(`Seeding group ${group.groupName} returned no id`);
    for (const [index, channel] of group.channels.entries()) {
      await tx.query(
        `INSERT INTO channel_schedules (factory_id, channel_group_id, node_id, ch_name, name, action,
                                        status, timer_schedule, sort_order)
         VALUES ($1, $2, (SELECT id FROM nodes WHERE factory_id = $1 AND name = $3 LIMIT 1),
                 $4, $5, $6, $7, $8::jsonb, $9)`,
        [
          factoryId,
          groupId,
          channel.node,
          channel.chName,
          channel.name,
          channel.action,
          channel.status,
          JSON.stringify(DEMO_WORKDAY_TIMER),
          index,
        ],
      );
    }
  }
}
