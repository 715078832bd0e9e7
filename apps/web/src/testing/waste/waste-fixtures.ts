import { wasteFindingsResponse } from '@wattboard/contract';
import type { WasteFindingItem } from '@wattboard/contract';
import { envelope } from '@/testing/network';

/** Test-only: answers of POST /v1/Web/Waste/Findings for the demo factory. */

export const FINDINGS_PATH = '/v1/Web/Waste/Findings';

export function finding(overrides: Partial<WasteFindingItem> = {}): WasteFindingItem {
  return {
    nodeId: 8,
    chName: '空壓機',
    name: 'Air compressor',
    kind: 'offHours',
    start: '2026-11-14T22:00:00+08:00',
    end: '2026-11-16T06:00:00+08:00',
    kwh: 282,
    kwhPerWeek: 282,
    costPerWeek: 1128,
    co2KgPerWeek: 141,
    ...overrides,
  };
}

/** Three findings, most kWh per week first, as the server ranks them. */
export const threeFindings = [
  finding(),
  finding({
    nodeId: 11,
    chName: '辦公室照明',
    name: 'Office lighting',
    kind: 'overrun',
    start: '2026-11-18T22:00:00+08:00',
    end: '2026-11-18T23:45:00+08:00',
    kwh: 40.5,
    kwhPerWeek: 40.5,
    costPerWeek: 162,
    co2KgPerWeek: 20.25,
  }),
  finding({
    nodeId: 12,
    chName: '冷卻水泵',
    name: 'Coolant pump',
    kind: 'standby',
    kwh: 60,
    kwhPerWeek: 15,
    costPerWeek: 60,
    co2KgPerWeek: 7.5,
  }),
];

export function findingsBody(
  findings: WasteFindingItem[] = threeFindings,
  { ntdPerKwh = 4 as number | null } = {},
) {
  const body = {
    ...envelope('demo@wattboard.local', FINDINGS_PATH),
    currency: 'TWD',
    ntdPerKwh,
    kgCo2PerKwh: 0.5,
    findings,
  };
  // A fixture the contract would refuse would test nothing.
  wasteFindingsResponse.parse(body);
  return body;
}
