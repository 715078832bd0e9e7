/**
 * The demo factory's controlled devices, seeded with the tree so
 * Overview and Control are not empty on a fresh install: a relay board for
 * the lighting circuits and an IR controller for the air conditioners.
 */
import type { AutoEntry, SelectedOption } from '@wattboard/contract';
import { DEFAULT_AC_OPTION, IR_AC_OPTION_SETTING } from '../../control/index.ts';
import type { Queryable } from '../../../platform/db/db.ts';

interface DemoChannel {
  name: string;
  chName: string;
  /** The monitored circuit it switches (by the demo tree's English name), if any. */
  node: string | null;
  action: 'on' | 'off' | 'timer' | 'auto';
  status: 'on' | 'off' | 'offline';
  /** Its own week when it does not follow the factory's workday timer. */
  timer?: number[][];
  auto?: AutoEntry[];
  selectedOption?: SelectedOption;
}

interface DemoGroup {
  groupName: string;
  /** The Chinese name the page shows in 中文 (as a node's chName). */
  groupChName: string;
  channelTypeName: string;
  controlMethod: 'Switch' | 'IR Control';
  channels: DemoChannel[];
}

type Hours = readonly [from: number, to: number] | null;

/** A week (Sunday first) of 48 half hours, on from..to (local hours) on weekdays and Saturdays. */
export function shiftTimer(weekday: Hours, saturday: Hours, sunday: Hours = null): number[][] {
  return Array.from({ length: 7 }, (_, day) => {
    const hours = day === 0 ? sunday : day === 6 ? saturday : weekday;
    return Array.from({ length: 48 }, (_, slot) =>
      hours && slot >= hours[0] * 2 && slot < hours[1] * 2 ? 1 : 0,
    );
  });
}

/** The workshop follows the two production shifts (06:00–22:00) and the Saturday shift, with half an hour either side. */
const SHIFT_LIGHTING = shiftTimer([5.5, 22.5], [7.5, 17.5]);
/** Offices: 07:30–18:00 on weekdays, Saturday morning. */
const OFFICE_HOURS = shiftTimer([7.5, 18], [8.5, 12]);
/** Outdoor lights: dusk to dawn every day (the light sensor's job, kept as an auto timer). */
const NIGHT = shiftTimer([0, 6.5], [0, 6.5], [0, 6.5]).map((day) =>
  day.map((on, slot) => (slot >= 35 ? 1 : on)),
);
/** Every half hour of every day. */
const ALL_DAY = shiftTimer([0, 24], [0, 24], [0, 24]);
/** EV chargers: shed when the HVAC meter draws above 150 kW, back below 100 kW; weekends on. */
const EV_AUTO: AutoEntry[] = Array.from({ length: 7 }, (_, day): AutoEntry =>
  day === 0 || day === 6
    ? { type: 'timer', timer: Array<0 | 1>(48).fill(1) }
    : {
        type: 'signal',
        detectDeviceId: 0, // replaced by the HVAC meter's id when seeding
        detectType: 'Consumption',
        highAction: 'off',
        highWaterMark: 150,
        lowAction: 'on',
        lowWaterMark: 100,
      },
);
export const DEMO_SIGNAL_NODE = 'HVAC Meter';

/** 7 days (Sunday first) × 48 half hours: on 07:00–19:00 on weekdays, off at weekends. */
export const DEMO_WORKDAY_TIMER: number[][] = Array.from({ length: 7 }, (_, day) =>
  Array.from({ length: 48 }, (_, slot) =>
    day >= 1 && day <= 5 && slot >= 14 && slot < 38 ? 1 : 0,
  ),
);

export const DEMO_CONTROL_GROUPS: DemoGroup[] = [
  {
    groupName: 'Lighting',
    groupChName: '照明',
    channelTypeName: 'Relay-8',
    controlMethod: 'Switch',
    channels: [
      {
        name: 'Workshop Lighting',
        chName: '廠房照明',
        node: 'Workshop Lighting',
        action: 'timer',
        status: 'on',
        timer: SHIFT_LIGHTING,
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
        action: 'auto',
        status: 'off',
        auto: NIGHT.map((timer): AutoEntry => ({ type: 'timer', timer: timer as (0 | 1)[] })),
      },
    ],
  },
  {
    groupName: 'Air Conditioning',
    groupChName: '空調',
    channelTypeName: 'IR-AC',
    controlMethod: 'IR Control',
    channels: [
      {
        name: 'Office Air Conditioning',
        chName: '辦公室空調',
        node: 'Office Air Conditioning',
        action: 'timer',
        status: 'on',
        timer: OFFICE_HOURS,
        selectedOption: DEFAULT_AC_OPTION,
      },
      {
        name: 'Meeting Room Air Conditioning',
        chName: '會議室空調',
        node: null,
        action: 'off',
        status: 'off',
        timer: OFFICE_HOURS,
        selectedOption: { set1: 'cool', set2: 25, set3: 'mid' },
      },
    ],
  },
  {
    groupName: 'Switched Loads',
    groupChName: '可切換負載',
    channelTypeName: 'Relay-4',
    controlMethod: 'Switch',
    channels: [
      {
        name: 'EV Charger',
        chName: '電動車充電樁',
        node: 'EV Charger',
        action: 'auto',
        status: 'on',
        auto: EV_AUTO,
      },
      { name: 'Water Pump', chName: '給水泵', node: 'Water Pump', action: 'on', status: 'on' },
      // The chiller plant runs around the clock; its relay is demand management's last resort
      // on hot afternoons (shed priority 4, modules/demo/repo/demo-demand.ts), when its second stage drives the peak.
      {
        name: 'Chiller',
        chName: '冰水主機',
        node: 'Chiller',
        action: 'timer',
        status: 'on',
        timer: ALL_DAY,
      },
    ],
  },
];

/** Inserts the demo groups and channels; the tree must already be seeded. */
export async function seedDemoControls(tx: Queryable, factoryId: number): Promise<void> {
  for (const [groupIndex, group] of DEMO_CONTROL_GROUPS.entries()) {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO channel_groups (factory_id, group_name, channel_type_name, control_method, sort_order,
                                   option_setting, group_ch_name)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7) RETURNING id`,
      [
        factoryId,
        group.groupName,
        group.channelTypeName,
        group.controlMethod,
        groupIndex,
        group.controlMethod === 'IR Control' ? JSON.stringify(IR_AC_OPTION_SETTING) : null,
        group.groupChName,
      ],
    );
    const groupId = rows[0]?.id;
    if (groupId === undefined) throw new Error(`Seeding group ${group.groupName} returned no id`);
    for (const [index, channel] of group.channels.entries()) {
      const signal = await tx.query<{ id: number }>(
        'SELECT id FROM nodes WHERE factory_id = $1 AND name = $2 LIMIT 1',
        [factoryId, DEMO_SIGNAL_NODE],
      );
      const auto = channel.auto?.map((entry) =>
        entry.type === 'signal' ? { ...entry, detectDeviceId: signal[0]?.id ?? 0 } : entry,
      );
      await tx.query(
        `INSERT INTO channel_schedules (factory_id, channel_group_id, node_id, ch_name, name, action,
                                        status, timer_schedule, sort_order, auto_schedule,
                                        selected_option)
         VALUES ($1, $2, (SELECT id FROM nodes WHERE factory_id = $1 AND name = $3 LIMIT 1),
                 $4, $5, $6, $7, $8::jsonb, $9, $10::jsonb, $11::jsonb)`,
        [
          factoryId,
          groupId,
          channel.node,
          channel.chName,
          channel.name,
          channel.action,
          channel.status,
          JSON.stringify(channel.timer ?? DEMO_WORKDAY_TIMER),
          index,
          auto ? JSON.stringify(auto) : null,
          channel.selectedOption ? JSON.stringify(channel.selectedOption) : null,
        ],
      );
    }
  }
}
