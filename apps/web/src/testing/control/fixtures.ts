/** Test fixtures shaped like the server's answers (each test parses them with the contract). */
const workday = (day: number) =>
  Array.from({ length: 48 }, (_, slot) =>
    day >= 1 && day <= 5 && slot >= 14 && slot < 38 ? 1 : 0,
  );

export function scheduleFixture() {
  return {
    on: null,
    offline: false,
    timer: Array.from({ length: 7 }, (_, day) => workday(day)),
    auto: [
      { type: 'off' },
      {
        type: 'signal',
        detectDeviceId: 7,
        detectType: 'Consumption',
        highAction: 'off',
        highWaterMark: 300,
        lowAction: 'on',
        lowWaterMark: 120,
      },
      ...Array.from({ length: 5 }, (_, i) => ({ type: 'timer', timer: workday(i + 2) })),
    ],
  };
}

/** An IR air conditioner: fan mode has no set-point. */
export function irOptionInfo() {
  return {
    channelTypeName: 'IR-AC',
    optionSetting: {
      sets: [
        {
          key: 'set1',
          name: 'Mode',
          chName: '模式',
          choices: [
            { value: 'cool', name: 'Cool', chName: '冷氣' },
            { value: 'fan', name: 'Fan', chName: '送風' },
          ],
        },
        {
          key: 'set2',
          name: 'Set-point',
          chName: '設定溫度',
          unit: '°C',
          choices: [24, 25, 26, 27].map((v) => ({ value: v, name: `${v}`, chName: `${v}` })),
        },
        {
          key: 'set3',
          name: 'Fan speed',
          chName: '風速',
          choices: [
            { value: 'low', name: 'Low', chName: '低' },
            { value: 'high', name: 'High', chName: '高' },
          ],
        },
      ],
      conditions: [{ when: { key: 'set1', equals: 'fan' }, disables: ['set2'] }],
    },
    controlMethod: {
      on: true,
      auto: { timer: true, signal: 'consumption', off: true },
      timer: true,
      offline: false,
    },
    selectedOption: { set1: 'cool', set2: 26, set3: 'low' },
  };
}

export function switchOptionInfo() {
  return {
    ...irOptionInfo(),
    channelTypeName: 'Relay-8',
    optionSetting: { sets: [], conditions: [] },
    selectedOption: null,
  };
}

const envelope = (action: string) => ({
  action,
  statusCode: 200,
  email: 'demo@wattboard.local',
  username: 'demo',
  token: null,
  dtTokenExpire: null,
});

export function groupFixture() {
  return {
    ...envelope('/v1/Channel/Group'),
    groupList: [
      {
        channelGroupId: 1,
        channelTypeName: 'Relay-8',
        groupName: 'Lighting',
        groupChName: '照明',
        isOn: true,
      },
      {
        channelGroupId: 2,
        channelTypeName: 'IR-AC',
        groupName: 'Air Conditioning',
        groupChName: '空調',
        isOn: true,
      },
      { channelGroupId: 3, channelTypeName: 'Relay-8', groupName: 'Spare relays', isOn: true },
    ],
    channelScheduleList: [
      {
        channelScheduleId: 11,
        channelGroupId: 1,
        groupName: 'Lighting',
        channelTypeName: 'Relay-8',
        chName: '廠房照明',
        name: 'Workshop Lighting',
        action: 'timer',
        status: 'on',
        controlMethod: 'Switch',
        dtStatusReported: '2026-11-21T05:30:00Z',
      },
      {
        channelScheduleId: 12,
        channelGroupId: 1,
        groupName: 'Lighting',
        channelTypeName: 'Relay-8',
        chName: '倉庫照明',
        name: 'Warehouse Lighting',
        action: 'on',
        status: 'offline',
        controlMethod: 'Switch',
        dtStatusReported: '2026-11-20T14:00:00Z',
      },
      {
        channelScheduleId: 21,
        channelGroupId: 2,
        groupName: 'Air Conditioning',
        channelTypeName: 'IR-AC',
        chName: '辦公室空調',
        name: 'Office Air Conditioning',
        action: 'timer',
        status: 'off',
        controlMethod: 'IR Control',
        dtStatusReported: null,
      },
    ],
  };
}

export function scheduleBody(info: unknown = irOptionInfo()) {
  return { ...envelope('/v1/Channel/Schedule'), optionInfo: info, schedule: scheduleFixture() };
}

export function messageBody(action: string) {
  return { ...envelope(action), message: 'OK' };
}

/** A demand status: one block's prediction against the target, and channel 11's shed priority. */
export function demandFixture(predictedKw: number, priority: number | null, shed: boolean) {
  return {
    contractCapacityKw: 800,
    targetKw: 760,
    autoShed: true,
    prediction: {
      blockStart: '2026-11-21T05:30:00Z',
      predictedKw,
      energySoFarKwh: 90,
      recentKw: predictedKw,
      computedAt: '2026-11-21T05:36:03Z',
    },
    channels: [
      {
        channelScheduleId: 11,
        name: 'Workshop Lighting',
        chName: '廠房照明',
        shedPriority: priority,
        shed,
        shedAt: shed ? '2026-11-21T05:35:03Z' : null,
      },
    ],
  };
}
