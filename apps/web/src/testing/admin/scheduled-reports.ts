import type { ScheduledReport } from '@wattboard/contract';
import { SCHEDULED_REPORT_MESSAGES } from '@wattboard/contract';
import { ok, refusal } from './admin-harness';
import type { Answers } from './admin-harness';

/**
 * Test-only: the three scheduled-report calls over an in-memory pair of reports (Asia/Taipei);
 * `webhooks`: how many webhook destinations "Send now" says got a link (decision 0083).
 */
export function scheduledReportsServer(options: { webhooks?: number } = {}) {
  const reports: Record<'weekly' | 'monthly', ScheduledReport> = {
    weekly: {
      kind: 'weekly',
      enabled: true,
      receivers: ['plant@example.com'],
      sendTime: '08:00',
      nextRunAt: '2026-11-30T08:00:00+08:00',
      nextPeriod: { from: '2026-11-23', to: '2026-11-29' },
      lastSentAt: null,
    },
    monthly: {
      kind: 'monthly',
      enabled: false,
      receivers: [],
      sendTime: '08:00',
      nextRunAt: null,
      nextPeriod: null,
      lastSentAt: null,
    },
  };
  const body = (path: string) =>
    ok(path, { timeZone: 'Asia/Taipei', reports: [reports.weekly, reports.monthly] });
  const answers: Answers = {
    '/v1/Admin/ScheduledReport/Get': () => body('/v1/Admin/ScheduledReport/Get'),
    '/v1/Admin/ScheduledReport/Update': (sent) => {
      const kind = sent.kind as 'weekly' | 'monthly';
      const enabled = Boolean(sent.enabled);
      reports[kind] = {
        ...reports[kind],
        enabled,
        receivers: sent.receivers as string[],
        nextRunAt: enabled ? '2026-12-01T08:00:00+08:00' : null,
        nextPeriod: enabled ? { from: '2026-11-01', to: '2026-11-30' } : null,
      };
      return body('/v1/Admin/ScheduledReport/Update');
    },
    '/v1/Admin/ScheduledReport/SendNow': (sent) => {
      const kind = sent.kind as 'weekly' | 'monthly';
      if (reports[kind].receivers.length === 0)
        return refusal(SCHEDULED_REPORT_MESSAGES.noReceivers);
      reports[kind] = { ...reports[kind], lastSentAt: '2026-11-24T13:50:00+08:00' };
      return ok('/v1/Admin/ScheduledReport/SendNow', {
        kind,
        period: { from: '2026-11-16', to: '2026-11-22' },
        queued: reports[kind].receivers.length,
        ...(options.webhooks ? { webhooks: options.webhooks } : {}),
        message: 'queued',
      });
    },
  };
  return answers;
}
