import { describe, expect, it } from 'vitest';
import {
  verifyWebhookSignature,
  webhookSignature,
} from '../../src/modules/webhooks/calc/signature.ts';
import {
  wantsEvent,
  webhookBody,
  type WebhookEvent,
} from '../../src/modules/webhooks/calc/payload.ts';
import { VOLTAGE_EVENT } from './webhook-event.ts';

const EVENT: WebhookEvent = { ...VOLTAGE_EVENT, kind: 'alarm' };

describe('webhook signature', () => {
  const secret = 'a'.repeat(64);
  const body = '{"id":"wattboard-9"}';

  it('is HMAC-SHA256 over "{timestamp}.{body}", hex, as v1=…', () => {
    // Computed independently: printf '%s' '1795888000.{"id":"wattboard-9"}' | openssl dgst -sha256 -hmac aaa…(64 a)
    expect(webhookSignature(secret, 1_795_888_000, body)).toBe(
      'v1=591182885ec832aa71086db664f0c6d0db305619a343c5a94f663f1c717ca316',
    );
    expect(webhookSignature(secret, 1_795_888_000, body)).not.toBe(
      webhookSignature(secret, 1_795_888_001, body),
    );
  });

  it('verifies the real one, and refuses a changed body, timestamp, secret or an old message', () => {
    const t = 1_795_888_000;
    const signature = webhookSignature(secret, t, body);
    const ok = { timestamp: String(t), signature };
    expect(verifyWebhookSignature(secret, ok, body, t + 10)).toBe(true);
    expect(verifyWebhookSignature(secret, ok, `${body} `, t)).toBe(false);
    expect(verifyWebhookSignature(secret, { ...ok, timestamp: String(t + 1) }, body, t)).toBe(
      false,
    );
    expect(verifyWebhookSignature('b'.repeat(64), ok, body, t)).toBe(false);
    expect(verifyWebhookSignature(secret, ok, body, t + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, { ...ok, signature: 'v1=00' }, body, t)).toBe(false);
    expect(verifyWebhookSignature(secret, { timestamp: undefined, signature }, body, t)).toBe(
      false,
    );
  });
});

describe('webhook bodies', () => {
  it('signed: our JSON with the delivery id, both languages, the node and the factory', () => {
    expect(JSON.parse(webhookBody('signed', EVENT, 'wattboard-9'))).toEqual({
      id: 'wattboard-9',
      type: 'event.opened',
      factory: { id: 1, name: 'Demo plant', nameZh: '示範工廠' },
      event: {
        id: 42,
        kind: 'alarm',
        target: 'voltage',
        title: { en: 'Voltage high', zh: '電壓過高' },
        description: { en: 'Phase A at 245.1 V, above 240 V.', zh: 'A 相 245.1 V，高於 240 V。' },
        value: 245.1,
        openedAt: '2026-11-28T02:07:00.000Z',
        node: { id: 7, name: 'Main incomer', chName: '主進線' },
      },
    });
  });

  it('slack: one text, English then 中文, the node and the factory', () => {
    expect(JSON.parse(webhookBody('slack', EVENT, 'wattboard-9'))).toEqual({
      text:
        '*Voltage high* / *電壓過高* — Main incomer / 主進線\n' +
        'Phase A at 245.1 V, above 240 V.\nA 相 245.1 V，高於 240 V。\n' +
        'Demo plant / 示範工廠 · 2026-11-28T02:07:00.000Z',
    });
    const factoryWide = JSON.parse(webhookBody('slack', { ...EVENT, node: null }, 'x'));
    expect(factoryWide.text.split('\n')[0]).toBe('*Voltage high* / *電壓過高*');
  });

  it('sends demand warnings where demand is chosen, every other kind where alarms is', () => {
    expect(wantsEvent({ alarms: true, demand: false }, 'demand')).toBe(false);
    expect(wantsEvent({ alarms: false, demand: true }, 'demand')).toBe(true);
    expect(wantsEvent({ alarms: true, demand: false }, 'offline')).toBe(true);
    expect(wantsEvent({ alarms: false, demand: true }, 'anomaly')).toBe(false);
  });
});
