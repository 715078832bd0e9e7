import { describe, expect, it } from 'vitest';
import { issueMessages, issuePaths } from './fixtures/issue-paths.ts';
import {
  REPORT_ROW_CAP,
  REPORT_ROW_FIELDS,
  channelReportRequest,
  reportCursor,
  reportEnergyRequest,
  reportExportRequest,
} from './report.ts';

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

  it('lists the row’s 32 columns with the identifiers first', () => {
    expect(REPORT_ROW_FIELDS).toHaveLength(32);
    expect(REPORT_ROW_FIELDS.slice(0, 5)).toEqual([
      'smartmeterId',
      'channelId',
      'serialNumber',
      'dtReading',
      'dtReceived',
    ]);
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
