import { describe, expect, it } from 'vitest';
import { webhookSignature } from '../apps/server/src/modules/webhooks/calc/signature.ts';
import { isFromWattboard } from './webhook-receiver.ts';

// The bench's receiver must refuse what a real receiver refuses, or it could pass on garbage.
describe("the alert bench's receiver check (docs/webhooks.md)", () => {
  const secret = 'a'.repeat(64);
  const body = '{"id":"wattboard-9","type":"event.opened"}';
  const now = 1_795_888_000;
  const headers = (timestamp: number, signature: string) => ({
    'x-wattboard-timestamp': String(timestamp),
    'x-wattboard-signature': signature,
  });

  it("accepts the server's own signature", () => {
    expect(
      isFromWattboard(secret, headers(now, webhookSignature(secret, now, body)), body, now),
    ).toBe(true);
  });

  it('refuses another body, another secret, no signature and an old timestamp', () => {
    const signed = webhookSignature(secret, now, body);
    expect(isFromWattboard(secret, headers(now, signed), `${body} `, now)).toBe(false);
    expect(isFromWattboard('b'.repeat(64), headers(now, signed), body, now)).toBe(false);
    expect(isFromWattboard(secret, { 'x-wattboard-timestamp': String(now) }, body, now)).toBe(
      false,
    );
    const old = now - 301;
    expect(
      isFromWattboard(secret, headers(old, webhookSignature(secret, old, body)), body, now),
    ).toBe(false);
  });
});
