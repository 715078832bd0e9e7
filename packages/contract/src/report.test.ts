import { describe, expect, it } from 'vitest';
import { issueMessages, issuePaths } from './fixtures/issue-paths.ts';
import {
  REPORT_ROW_CAP,
  REPORT_ROW_FIELDS,
  channelReportRequest,
  reportCursor,
  energyFigures,
  reportEnergyRequest,
  reportExportRequest,
  reportRow,
} from './report.ts';
import { overviewCallExamples } from './fixtures/call-examples-overview.ts';

const envelope = { email: 'a@b.tw', action: '/v1/Web/Factory/Channel/Report', token: 't' };
const range = { factoryId: 0, smartmeterId: 3, dtStart: '2026-11-01', dtEnd: '2026-11-02' };

describe('channel report request', () => {
  it('keeps the spec’s fields and accepts a page with a cursor', () => {
    const parsed = channelReportRequest.parse({
      ...envelope,
      ...range,
      pageSize: 1000,
      after: '2026-11-01T00:05:00.000Z~12',
    });
    expect(parsed).toMatchObject({
      smartmeterId: 3,
      pageSize: 1000,
      after: '2026-11-01T00:05:00.000Z~12',
    });
  });

  it('names dtEnd when the range runs backwards', () => {
    expect(
      issueMessages(channelReportRequest, { ...envelope, ...range, dtEnd: '2026-10-31' }),
    ).toEqual({ dtEnd: 'dtEnd must not be before dtStart' });
  });

  it('refuses page sizes beyond the cap and foreign cursors, naming the field', () => {
    const over = { ...envelope, ...range, pageSize: REPORT_ROW_CAP + 1 };
    expect(issuePaths(channelReportRequest, over)).toEqual(['pageSize']);
    expect(issuePaths(channelReportRequest, { ...envelope, ...range, after: '12' })).toEqual([
      'after',
    ]);
    expect(reportCursor.safeParse('2026-11-01T00:05:00Z~12').success).toBe(false);
  });

  it('lists the row’s 33 columns with the identifiers first', () => {
    expect(REPORT_ROW_FIELDS).toHaveLength(33);
    expect(REPORT_ROW_FIELDS.slice(0, 5)).toEqual([
      'smartmeterId',
      'channelId',
      'serialNumber',
      'dtReading',
      'dtReceived',
    ]);
  });
});

describe('lagging kvarh (issue #24)', () => {
  const row = overviewCallExamples.channelReport.response.valid.reportList[0]!;
  const figures = {
    channelId: 12,
    kwhForward: 10,
    kwhReverse: 0,
    kwhNet: 10,
    co2KG: 4.74,
    maxKW: 42,
    averageKW: 10,
    cost: null,
  };

  it('sits beside the kWh counters in a raw record, numeric, null when unmeasured', () => {
    expect(REPORT_ROW_FIELDS.indexOf('kvarhLagging')).toBe(
      REPORT_ROW_FIELDS.indexOf('kwhTotal') + 1,
    );
    expect(reportRow.parse(row).kvarhLagging).toBe(6120.5);
    expect(reportRow.parse({ ...row, kvarhLagging: null }).kvarhLagging).toBeNull();
    expect(issuePaths(reportRow, { ...row, kvarhLagging: true })).toEqual(['kvarhLagging']);
  });

  it('is optional, so a record or figures without it (an older server) still read', () => {
    const { kvarhLagging: _absent, ...older } = row;
    expect(reportRow.safeParse(older).success).toBe(true);
    expect(energyFigures.parse(figures).kvarhLagging).toBeUndefined();
  });

  it('is a bucket’s kvarh in the energy view, or null when it is not known', () => {
    expect(energyFigures.parse({ ...figures, kvarhLagging: '3.25' }).kvarhLagging).toBe(3.25);
    expect(energyFigures.parse({ ...figures, kvarhLagging: null }).kvarhLagging).toBeNull();
  });
});

describe('energy and export requests', () => {
  it('defaults the energy interval to hour and refuses unknown ones', () => {
    expect(reportEnergyRequest.parse({ ...envelope, ...range }).interval).toBe('hour');
    expect(issuePaths(reportEnergyRequest, { ...envelope, ...range, interval: 'week' })).toEqual([
      'interval',
    ]);
  });

  it('needs a format and defaults to English readings', () => {
    expect(issuePaths(reportExportRequest, { ...envelope, ...range })).toEqual(['format']);
    const parsed = reportExportRequest.parse({ ...envelope, ...range, format: 'xlsx' });
    expect(parsed).toMatchObject({ format: 'xlsx', lang: 'en', kind: 'readings' });
    expect(
      issuePaths(reportExportRequest, { ...envelope, ...range, format: 'csv', lang: 'fr' }),
    ).toEqual(['lang']);
  });
});
