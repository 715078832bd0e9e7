import type { WebhookEvent } from '../../src/modules/webhooks/calc/payload.ts';

/** One threshold alarm as the webhook bodies see it, for the pure format tests. */
export const VOLTAGE_EVENT: WebhookEvent = {
  eventId: 42,
  kind: 'threshold',
  target: 'voltage',
  titleEn: 'Voltage high',
  descEn: 'Phase A at 245.1 V, above 240 V.',
  titleZh: '電壓過高',
  descZh: 'A 相 245.1 V，高於 240 V。',
  value: 245.1,
  openedAt: new Date('2026-11-28T02:07:00Z'),
  node: { id: 7, name: 'Main incomer', chName: '主進線' },
  factory: { id: 1, name: 'Demo plant', nameZh: '示範工廠' },
};
