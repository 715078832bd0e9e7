import type { EnergyRow, ExportLang, ReportRow } from '@wattboard/contract';

type Texts = Readonly<Record<ExportLang, string>>;

/** Column headers of the readings export, units in brackets, in both languages. */
export const READING_HEADERS: Readonly<Record<keyof ReportRow, Texts>> = {
  smartmeterId: { en: 'Meter ID', 'zh-TW': '電表編號' },
  channelId: { en: 'Channel ID', 'zh-TW': '迴路編號' },
  serialNumber: { en: 'Serial number', 'zh-TW': '序號' },
  dtReading: { en: 'Reading time', 'zh-TW': '讀值時間' },
  dtReceived: { en: 'Received time', 'zh-TW': '接收時間' },
  voltage_A: { en: 'Voltage A (V)', 'zh-TW': '電壓 A (V)' },
  voltage_B: { en: 'Voltage B (V)', 'zh-TW': '電壓 B (V)' },
  voltage_C: { en: 'Voltage C (V)', 'zh-TW': '電壓 C (V)' },
  current_A: { en: 'Current A (A)', 'zh-TW': '電流 A (A)' },
  current_B: { en: 'Current B (A)', 'zh-TW': '電流 B (A)' },
  current_C: { en: 'Current C (A)', 'zh-TW': '電流 C (A)' },
  realPowerKW_A: { en: 'Real power A (kW)', 'zh-TW': '實功率 A (kW)' },
  realPowerKW_B: { en: 'Real power B (kW)', 'zh-TW': '實功率 B (kW)' },
  realPowerKW_C: { en: 'Real power C (kW)', 'zh-TW': '實功率 C (kW)' },
  realPowerKW_Total: { en: 'Real power total (kW)', 'zh-TW': '實功率 合計 (kW)' },
  apparentPowerKVA_A: { en: 'Apparent power A (kVA)', 'zh-TW': '視在功率 A (kVA)' },
  apparentPowerKVA_B: { en: 'Apparent power B (kVA)', 'zh-TW': '視在功率 B (kVA)' },
  apparentPowerKVA_C: { en: 'Apparent power C (kVA)', 'zh-TW': '視在功率 C (kVA)' },
  apparentPowerKVA_Total: { en: 'Apparent power total (kVA)', 'zh-TW': '視在功率 合計 (kVA)' },
  reactivePowerKVAR_A: { en: 'Reactive power A (kvar)', 'zh-TW': '虛功率 A (kvar)' },
  reactivePowerKVAR_B: { en: 'Reactive power B (kvar)', 'zh-TW': '虛功率 B (kvar)' },
  reactivePowerKVAR_C: { en: 'Reactive power C (kvar)', 'zh-TW': '虛功率 C (kvar)' },
  reactivePowerKVAR_Total: { en: 'Reactive power total (kvar)', 'zh-TW': '虛功率 合計 (kvar)' },
  powerFactor_A: { en: 'Power factor A', 'zh-TW': '功率因數 A' },
  powerFactor_B: { en: 'Power factor B', 'zh-TW': '功率因數 B' },
  powerFactor_C: { en: 'Power factor C', 'zh-TW': '功率因數 C' },
  powerFactor_Total: { en: 'Power factor total', 'zh-TW': '功率因數 合計' },
  kwhForward: { en: 'Forward energy (kWh)', 'zh-TW': '正向電能 (kWh)' },
  kwhReverse: { en: 'Reverse energy (kWh)', 'zh-TW': '反向電能 (kWh)' },
  kwhTotal: { en: 'Net energy (kWh)', 'zh-TW': '淨電能 (kWh)' },
  kvarhLagging: { en: 'Lagging reactive energy (kvarh)', 'zh-TW': '落後虛功電能 (kvarh)' },
  frequencyHz: { en: 'Frequency (Hz)', 'zh-TW': '頻率 (Hz)' },
  temperature: { en: 'Temperature (°C)', 'zh-TW': '溫度 (°C)' },
};

/** The channel's name column that follows Channel ID in every export. */
export const CHANNEL_NAME_HEADER: Texts = { en: 'Channel', 'zh-TW': '迴路' };

/** Columns of the energy export, in order, with their headers. */
export const ENERGY_COLUMNS: readonly (keyof EnergyRow)[] = [
  'channelId',
  'dtStart',
  'dtEnd',
  'kwhForward',
  'kwhReverse',
  'kwhNet',
  'kvarhLagging',
  'co2KG',
  'maxKW',
  'averageKW',
  'cost',
];

export const ENERGY_HEADERS: Readonly<Record<keyof EnergyRow, Texts>> = {
  channelId: { en: 'Channel ID', 'zh-TW': '迴路編號' },
  dtStart: { en: 'Interval start', 'zh-TW': '區間開始' },
  dtEnd: { en: 'Interval end', 'zh-TW': '區間結束' },
  kwhForward: { en: 'Forward energy (kWh)', 'zh-TW': '正向用電 (kWh)' },
  kwhReverse: { en: 'Reverse energy (kWh)', 'zh-TW': '反向電能 (kWh)' },
  kwhNet: { en: 'Net energy (kWh)', 'zh-TW': '淨用電 (kWh)' },
  kvarhLagging: { en: 'Lagging reactive energy (kvarh)', 'zh-TW': '落後虛功電能 (kvarh)' },
  co2KG: { en: 'CO2 (kg)', 'zh-TW': '碳排放 (kg)' },
  maxKW: { en: 'Max (kW)', 'zh-TW': '最大功率 (kW)' },
  averageKW: { en: 'Average (kW)', 'zh-TW': '平均功率 (kW)' },
  // As the page's Energy table heads it, so a file and the table name the column alike.
  cost: { en: 'Cost (NT$)', 'zh-TW': '電費（元）' },
};

/** Header row: the columns' texts with the channel name inserted after Channel ID. */
export function headerRow<K extends string>(
  columns: readonly K[],
  texts: Readonly<Record<K, Texts>>,
  lang: ExportLang,
): string[] {
  return columns.flatMap((column) =>
    column === 'channelId'
      ? [texts[column][lang], CHANNEL_NAME_HEADER[lang]]
      : [texts[column][lang]],
  );
}
