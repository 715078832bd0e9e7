/**
 * The demo factory seeded on first start: an incoming
 * supply at the root, two virtual areas, eight smart meters and thirty circuits
 * with bilingual names and all four wirings.
 */
export type Wiring = 'a,b,c' | 'ab,bc,ca' | 'l1,l2' | 'value';

export interface DemoNode {
  type: 'smartMeter' | 'circuit' | 'virtual';
  name: string;
  chName: string;
  wiring?: Wiring;
  serial?: string;
  breakerType?: string;
  hasReverseKwh?: boolean;
  children?: DemoNode[];
}

export const DEMO_FACTORY = {
  slug: 'demo',
  name: 'Wattboard Demo Factory',
  nameZh: '瓦特板示範工廠',
  timeZone: 'Asia/Taipei',
  co2Factor: 0.474,
  contractCapacityKw: 800,
};

/** One person per kind of access, so each can be tried (docs/roles.md). */
export const DEMO_USERS = [
  { email: 'demo@wattboard.local', password: 'wattboard-demo', username: 'demo', role: 'manager' },
  {
    email: 'admin@wattboard.local',
    password: 'wattboard-admin',
    username: 'Admin',
    role: 'manager',
  },
  {
    email: 'viewer@wattboard.local',
    password: 'wattboard-viewer',
    username: 'viewer',
    role: 'viewer',
  },
] as const;

/** Taiwan's grid runs at 60 Hz. */
export const DEMO_FREQUENCY_HZ = 60;

let serialCounter = 0;
function meter(
  name: string,
  chName: string,
  wiring: Wiring,
  breakerType: string,
  children: DemoNode[],
): DemoNode {
  serialCounter += 1;
  const serial = `WB-M${String(serialCounter).padStart(2, '0')}`;
  return {
    type: 'smartMeter',
    name,
    chName,
    wiring,
    serial,
    breakerType,
    children: children.map((child, index) => ({ ...child, serial: `${serial}-C${index + 1}` })),
  };
}

function circuit(
  name: string,
  chName: string,
  wiring: Wiring,
  breakerType: string,
  hasReverseKwh = false,
): DemoNode {
  return { type: 'circuit', name, chName, wiring, breakerType, hasReverseKwh };
}

export const DEMO_TREE: DemoNode = {
  type: 'virtual',
  name: 'Incoming Supply',
  chName: '總進線',
  children: [
    {
      type: 'virtual',
      name: 'Production Area',
      chName: '生產區',
      children: [
        meter('Compressor Room Meter', '空壓機房電表', 'a,b,c', 'NFB 3P 400A', [
          circuit('Air Compressor 1', '空壓機 1', 'a,b,c', 'NFB 3P 150A'),
          circuit('Air Compressor 2', '空壓機 2', 'a,b,c', 'NFB 3P 150A'),
          circuit('Air Compressor 3', '空壓機 3', 'a,b,c', 'NFB 3P 100A'),
          circuit('Air Dryer', '乾燥機', 'a,b,c', 'NFB 3P 30A'),
        ]),
        meter('CNC Line A Meter', 'CNC A 線電表', 'a,b,c', 'NFB 3P 300A', [
          circuit('CNC Machine A1', 'CNC 加工機 A1', 'a,b,c', 'NFB 3P 60A'),
          circuit('CNC Machine A2', 'CNC 加工機 A2', 'a,b,c', 'NFB 3P 60A'),
          circuit('CNC Machine A3', 'CNC 加工機 A3', 'a,b,c', 'NFB 3P 60A'),
          circuit('CNC Machine A4', 'CNC 加工機 A4', 'a,b,c', 'NFB 3P 60A'),
        ]),
        meter('CNC Line B Meter', 'CNC B 線電表', 'ab,bc,ca', 'NFB 3P 300A', [
          circuit('CNC Machine B1', 'CNC 加工機 B1', 'ab,bc,ca', 'NFB 3P 75A'),
          circuit('CNC Machine B2', 'CNC 加工機 B2', 'ab,bc,ca', 'NFB 3P 75A'),
          circuit('CNC Machine B3', 'CNC 加工機 B3', 'ab,bc,ca', 'NFB 3P 75A'),
          circuit('Coolant Pump', '冷卻液泵', 'ab,bc,ca', 'NFB 3P 20A'),
        ]),
      ],
    },
    {
      type: 'virtual',
      name: 'Facilities',
      chName: '廠務設施',
      children: [
        meter('HVAC Meter', '空調電表', 'a,b,c', 'NFB 3P 400A', [
          circuit('Chiller', '冰水主機', 'a,b,c', 'NFB 3P 225A'),
          circuit('Air Handling Unit 1', '空調箱 1', 'a,b,c', 'NFB 3P 50A'),
          circuit('Air Handling Unit 2', '空調箱 2', 'a,b,c', 'NFB 3P 50A'),
          circuit('Cooling Tower', '冷卻水塔', 'a,b,c', 'NFB 3P 40A'),
        ]),
        meter('Lighting Meter', '照明電表', 'l1,l2', 'NFB 2P 100A', [
          circuit('Workshop Lighting', '廠房照明', 'l1,l2', 'NFB 2P 50A'),
          circuit('Warehouse Lighting', '倉庫照明', 'l1,l2', 'NFB 2P 30A'),
          circuit('Outdoor Lighting', '戶外照明', 'value', 'NFB 1P 20A'),
          circuit('Emergency Lighting', '緊急照明', 'value', 'NFB 1P 15A'),
        ]),
        meter('Office Meter', '辦公室電表', 'l1,l2', 'NFB 2P 100A', [
          circuit('Office Air Conditioning', '辦公室空調', 'l1,l2', 'NFB 2P 40A'),
          circuit('Office Sockets', '辦公室插座', 'value', 'NFB 1P 20A'),
          circuit('Server Room', '機房', 'l1,l2', 'NFB 2P 30A'),
          circuit('Pantry', '茶水間', 'value', 'NFB 1P 20A'),
        ]),
        meter('Utility Meter', '公用設備電表', 'value', 'NFB 3P 150A', [
          circuit('Water Pump', '給水泵', 'value', 'NFB 3P 30A'),
          circuit('Freight Elevator', '貨梯', 'value', 'NFB 3P 40A'),
          circuit('EV Charger', '電動車充電樁', 'value', 'NFB 2P 40A'),
          circuit('Wastewater Treatment', '廢水處理', 'value', 'NFB 3P 30A'),
        ]),
      ],
    },
    meter('Solar Inverter Meter', '太陽能變流器電表', 'a,b,c', 'NFB 3P 200A', [
      circuit('Solar Inverter 1', '太陽能變流器 1', 'a,b,c', 'NFB 3P 100A', true),
      circuit('Solar Inverter 2', '太陽能變流器 2', 'a,b,c', 'NFB 3P 100A', true),
    ]),
  ],
};
