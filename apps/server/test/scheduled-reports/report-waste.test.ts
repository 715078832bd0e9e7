import { describe, expect, it } from 'vitest';
import type { WasteFindingItem } from '@wattboard/contract';
import { ZoneClock } from '@wattboard/zone-time';
import { renderReportMail } from '../../src/modules/scheduled-reports/report-mail.ts';
import { wasteLine } from '../../src/modules/scheduled-reports/report-waste.ts';
import type { ReportFigures } from '../../src/modules/scheduled-reports/report-figures.ts';

const finding = (patch: Partial<WasteFindingItem>): WasteFindingItem => ({
  nodeId: 1,
  chName: '冰水主機',
  name: 'Chiller',
  kind: 'standby',
  start: '2026-11-01T00:00:00+08:00',
  end: '2026-11-29T00:00:00+08:00',
  kwh: 9708.468,
  kwhPerWeek: 2427.117,
  costPerWeek: 10604.56,
  co2KgPerWeek: 1201.423,
  ...patch,
});

describe('the weekly report’s waste line', () => {
  const findings = [
    finding({}),
    finding({
      nodeId: 2,
      name: 'Compressor',
      chName: '空壓機',
      kind: 'offHours',
      kwhPerWeek: 282,
      costPerWeek: 1128,
    }),
    finding({
      nodeId: 3,
      name: 'Lights',
      chName: '照明',
      kind: 'overrun',
      kwhPerWeek: 12.4,
      costPerWeek: null,
    }),
    finding({ nodeId: 4, name: 'Fourth', chName: '第四', kind: 'creep', kwhPerWeek: 5 }),
  ];

  it('names the three largest, what was found and their kWh and NT$ a week, in English', () => {
    expect(wasteLine(findings, 'en')).toBe(
      'Chiller: standby draw, 2,427 kWh/week (NT$10,605); Compressor: runs when nobody works, 282 kWh/week (NT$1,128); Lights: runs on after its shift, 12 kWh/week',
    );
  });

  it('and in 中文', () => {
    expect(wasteLine(findings, 'zh')).toBe(
      '冰水主機：待機耗電，每週 2,427 kWh（新臺幣 10,605 元）；空壓機：無人上班時運轉，每週 282 kWh（新臺幣 1,128 元）；照明：下班後仍運轉，每週 12 kWh',
    );
  });

  it('says so when nothing was found', () => {
    expect(wasteLine([], 'en')).toBe('none found');
    expect(wasteLine([], 'zh')).toBe('未發現');
  });

  it('is in the weekly mail only', () => {
    const figures: ReportFigures = {
      period: { from: '2026-11-22', to: '2026-11-28' },
      previousPeriod: { from: '2026-11-15', to: '2026-11-21' },
      kwh: 100,
      co2: 50,
      cost: 300,
      peak: null,
      previousKwh: 100,
      changeKwh: 0,
      changePercent: 0,
      days: [],
      topConsumers: [],
    };
    const base = {
      factory: { name: 'Plant', nameZh: '工廠' },
      figures,
      clock: new ZoneClock('Asia/Taipei'),
      fileName: 'r.xlsx',
    };
    const weekly = renderReportMail({ ...base, kind: 'weekly', waste: findings }).text;
    expect(weekly).toMatch(/Possible waste: +Chiller: standby draw/);
    expect(weekly).toContain('可能的浪費：冰水主機：待機耗電');
    const monthly = renderReportMail({ ...base, kind: 'monthly' }).text;
    expect(monthly).not.toContain('Possible waste');
  });
});
