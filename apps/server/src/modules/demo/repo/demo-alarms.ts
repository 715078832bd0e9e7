/**
 * The demo factory's alarm settings, seeded with it. The limits sit just above
 * what the simulator's nodes show in normal work, so only its anomalies trip
 * them: overcurrents, hot terminals, supply sags, and the odd summer peak
 * block. Together that is one to three events a day
 * (test/alarms/demo-alarms.test.ts keeps it so).
 */
import type { AlarmTarget } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

export interface DemoAlarm {
  /** English name of the demo node (names are unique in the demo tree). */
  node: string;
  target: AlarmTarget;
  low: number | null;
  high: number | null;
}

/**
 * Current limit per metered node, A: about 1.2 × the 99.9th percentile of its
 * current over two simulated weeks in each season (cooling loads peak in summer).
 */
const CURRENT_HIGH_A: ReadonlyArray<readonly [string, number]> = [
  ['Compressor Room Meter', 390],
  ['Air Compressor 1', 170],
  ['Air Compressor 2', 125],
  ['Air Compressor 3', 85],
  ['Air Dryer', 16],
  ['CNC Line A Meter', 240],
  ['CNC Machine A1', 65],
  ['CNC Machine A2', 65],
  ['CNC Machine A3', 70],
  ['CNC Machine A4', 75],
  ['CNC Line B Meter', 115],
  ['CNC Machine B1', 40],
  ['CNC Machine B2', 40],
  ['CNC Machine B3', 40],
  ['Coolant Pump', 6],
  ['HVAC Meter', 425],
  ['Chiller', 310],
  ['Air Handling Unit 1', 35],
  ['Air Handling Unit 2', 35],
  ['Cooling Tower', 45],
  ['Lighting Meter', 220],
  ['Workshop Lighting', 120],
  ['Warehouse Lighting', 65],
  ['Outdoor Lighting', 26],
  ['Emergency Lighting', 4],
  ['Office Meter', 145],
  ['Office Air Conditioning', 55],
  ['Office Sockets', 23],
  ['Server Room', 24],
  ['Pantry', 14],
  ['Utility Meter', 195],
  ['Water Pump', 40],
  ['Freight Elevator', 75],
  ['EV Charger', 40],
  ['Wastewater Treatment', 50],
  ['Solar Inverter Meter', 235],
  ['Solar Inverter 1', 120],
  ['Solar Inverter 2', 125],
];

/** Panels run 25–45 °C (warmer in summer); a hot terminal adds about 15 °C. */
const PANEL_TEMPERATURE_HIGH_C = 48;

export const DEMO_ALARMS: readonly DemoAlarm[] = [
  ...CURRENT_HIGH_A.flatMap(([node, high]): DemoAlarm[] => [
    { node, target: 'current', low: null, high },
    { node, target: 'temperature', low: null, high: PANEL_TEMPERATURE_HIGH_C },
  ]),
  // Supply voltage, one meter per voltage class (a sag drops it about 14 %).
  { node: 'Compressor Room Meter', target: 'voltage', low: 200, high: 240 },
  { node: 'CNC Line B Meter', target: 'voltage', low: 345, high: 415 },
  { node: 'Office Meter', target: 'voltage', low: 100, high: 120 },
  { node: 'Compressor Room Meter', target: 'frequency', low: 59.5, high: 60.5 },
  { node: 'CNC Line A Meter', target: 'imbalance', low: null, high: 10 },
  { node: 'Chiller', target: 'pf', low: 0.85, high: null },
  // The factory's 15-minute peaks reach about 610 kW on summer afternoons (contract 800 kW).
  { node: 'Incoming Supply', target: 'demand', low: null, high: 600 },
];

/** Seeds the settings above, activated, for the demo factory's nodes (inside the seed transaction). */
export async function seedDemoAlarms(tx: Queryable, factoryId: number): Promise<void> {
  await tx.query(
    `INSERT INTO alarm_settings (factory_id, node_id, target, is_activated, threshold_low,
                                 threshold_high)
     SELECT $1, n.id, a.target, true, a.low, a.high
       FROM unnest($2::text[], $3::text[], $4::float8[], $5::float8[])
            AS a (node_name, target, low, high)
       JOIN nodes n ON n.factory_id = $1 AND n.name = a.node_name`,
    [
      factoryId,
      DEMO_ALARMS.map((alarm) => alarm.node),
      DEMO_ALARMS.map((alarm) => alarm.target),
      DEMO_ALARMS.map((alarm) => alarm.low),
      DEMO_ALARMS.map((alarm) => alarm.high),
    ],
  );
}
