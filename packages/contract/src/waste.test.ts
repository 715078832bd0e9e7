import { describe, expect, it } from 'vitest';
import { wasteFindingsRequest, wasteFindingsResponse } from './waste.ts';

const envelope = { email: 'a@b.c', action: '/v1/Web/Waste/Findings', token: 't' };
const request = (startDate: string, endDate: string) =>
  wasteFindingsRequest.safeParse({ ...envelope, startDate, endDate });

describe('waste findings request', () => {
  it('takes the caller’s factory by default and up to 31 days, both ends included', () => {
    const parsed = request('2026-11-01', '2026-12-01');
    expect(parsed.success).toBe(true);
    expect(parsed.data?.factoryId).toBe(0);
  });

  it('refuses 32 days and an end before the start, naming endDate', () => {
    const long = request('2026-11-01', '2026-12-02');
    expect(long.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['endDate'], 'endDate: the waste finder looks at most 31 days at a time'],
    ]);
    const reversed = request('2026-11-02', '2026-11-01');
    expect(reversed.error?.issues[0]?.path).toEqual(['endDate']);
    expect(reversed.error?.issues[0]?.message).toBe('endDate must not be before startDate');
  });

  it('answers findings with a nullable cost', () => {
    const answer = wasteFindingsResponse.parse({
      action: '/v1/Web/Waste/Findings',
      statusCode: 200,
      email: 'a@b.c',
      username: 'a',
      token: 't',
      dtTokenExpire: '2026-11-30T00:00:00.000Z',
      currency: 'TWD',
      ntdPerKwh: null,
      kgCo2PerKwh: 0.5,
      findings: [
        {
          nodeId: 3,
          chName: '空壓機',
          name: 'Compressor',
          kind: 'offHours',
          start: '2026-11-20T22:00:00+08:00',
          end: '2026-11-23T06:00:00+08:00',
          kwh: 282,
          kwhPerWeek: 282,
          costPerWeek: null,
          co2KgPerWeek: 141,
        },
      ],
    });
    expect(answer.findings[0]?.costPerWeek).toBeNull();
  });
});
