import { channelReportResponse, reportRow } from '@wattboard/contract';
import type { ReportRow } from '@wattboard/contract';

/** Test-only: contract-checked report rows and answers (never imported by app code). */

export const METER_ID = 9;

export const meterChannels = [
  { id: 91, chName: '空壓機 1', name: 'Air Compressor 1', type: 'circuit', isVirtual: false },
  { id: 92, chName: '乾燥機', name: 'Air Dryer', type: 'circuit', isVirtual: false },
];

/** One three-phase reading; `overrides` changes single fields. Parsed, so a wrong field fails here. */
export function readingRow(overrides: Partial<ReportRow> = {}): ReportRow {
  return reportRow.parse({
    smartmeterId: METER_ID,
    channelId: 91,
    serialNumber: 'WB-M01-C1',
    dtReading: '2026-11-21T06:00:00.000Z',
    dtReceived: '2026-11-21T06:00:02.000Z',
    voltage_A: 221.3,
    voltage_B: 220.8,
    voltage_C: 222.1,
    current_A: 61.2,
    current_B: 70.4,
    current_C: 52.3,
    realPowerKW_A: 12.9,
    realPowerKW_B: 14.8,
    realPowerKW_C: 11,
    realPowerKW_Total: 38.7,
    apparentPowerKVA_A: 13.5,
    apparentPowerKVA_B: 15.5,
    apparentPowerKVA_C: 11.6,
    apparentPowerKVA_Total: 40.6,
    reactivePowerKVAR_A: 4.1,
    reactivePowerKVAR_B: 4.7,
    reactivePowerKVAR_C: 3.5,
    reactivePowerKVAR_Total: 12.3,
    powerFactor_A: 0.955,
    powerFactor_B: 0.954,
    powerFactor_C: 0.948,
    powerFactor_Total: 0.953,
    kwhForward: 123456.789,
    kwhReverse: 0,
    kwhTotal: 123456.789,
    frequencyHz: 60.01,
    temperature: 31.5,
    ...overrides,
  });
}

/** `count` readings a minute apart from 14:00 factory time, alternating the meter's two channels. */
export function readingRows(
  count: number,
  start = Date.parse('2026-11-21T06:00:00Z'),
): ReportRow[] {
  return Array.from({ length: count }, (_, index) => {
    const minute = Math.floor(index / 2);
    const at = new Date(start + minute * 60_000).toISOString();
    return readingRow({
      channelId: index % 2 === 0 ? 91 : 92,
      serialNumber: index % 2 === 0 ? 'WB-M01-C1' : 'WB-M01-C4',
      dtReading: at,
      dtReceived: at,
      realPowerKW_Total: 30 + (index % 7),
      kwhForward: 1000 + index / 10,
    });
  });
}

export function reportEnvelope(action: string) {
  return {
    action,
    statusCode: 200,
    email: 'demo@wattboard.local',
    username: 'demo',
    token: null,
    dtTokenExpire: null,
  };
}

/** A whole Channel/Report answer, checked against the contract. */
export function channelReportBody(rows: ReportRow[], extra: Record<string, unknown> = {}) {
  const body = {
    ...reportEnvelope('/v1/Web/Factory/Channel/Report'),
    channelList: meterChannels,
    reportList: rows,
    ...extra,
  };
  channelReportResponse.parse(body);
  return body;
}
