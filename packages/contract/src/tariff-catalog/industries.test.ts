import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { industryCoefficientFor, TAIPOWER_INDUSTRIES, taipowerIndustry } from './index.ts';

interface ResearchRow {
  code: string | null;
  lowVoltagePower: number | null;
  highVoltage: number | null;
}
const research = JSON.parse(
  readFileSync(new URL('../../../../docs/cost-taipower-tables.json', import.meta.url), 'utf8'),
) as { rules: { industryAdjustment: { coefficients: ResearchRow[] } } };

describe('the industry coefficients of T1 附錄一', () => {
  it('carry every coded row of the research, both columns, once', () => {
    const coded = research.rules.industryAdjustment.coefficients.filter((row) => row.code);
    expect(TAIPOWER_INDUSTRIES).toEqual(
      coded.map(({ code, lowVoltagePower, highVoltage }) => ({
        code,
        lowVoltagePower,
        highVoltage,
      })),
    );
    expect(new Set(TAIPOWER_INDUSTRIES.map((row) => row.code)).size).toBe(coded.length);
  });

  it.each([
    // code, kind, coefficient (docs/cost-taipower-tables.md and its JSON)
    ['081', 'lv-3stage', 0.892],
    ['081', 'hv-3stage', 0.776],
    ['081', 'ehv-2stage', 0.776],
    ['050', 'lv-flat-installed', 0.896],
    [' 274 ', 'lv-2stage', 0.838],
    ['999', 'hv-3stage', undefined],
    ['', 'lv-3stage', undefined],
  ] as const)('%j in %s: %s', (code, kind, coefficient) => {
    expect(industryCoefficientFor(code, kind)).toBe(coefficient);
  });

  it('lists no code without both columns', () => {
    expect(taipowerIndustry('081')).toEqual({
      code: '081',
      lowVoltagePower: 0.892,
      highVoltage: 0.776,
    });
    for (const row of TAIPOWER_INDUSTRIES) {
      expect(row.lowVoltagePower).toBeGreaterThan(0);
      expect(row.highVoltage).toBeGreaterThan(0);
    }
  });
});
