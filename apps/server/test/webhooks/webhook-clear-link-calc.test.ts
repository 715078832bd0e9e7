import { describe, expect, it } from 'vitest';
import {
  CLEAR_LINK_LABEL,
  CLEAR_LINK_MARK,
  clearLinkReceiver,
  fillClearLink,
  holdsClearLink,
} from '../../src/modules/webhooks/calc/clear-link.ts';
import {
  webhookBody,
  webhookTestBody,
  type BodyTarget,
} from '../../src/modules/webhooks/calc/payload.ts';
import { VOLTAGE_EVENT } from './webhook-event.ts';

const EVENT = VOLTAGE_EVENT;
const LINK = 'https://wattboard.example.com/v1/Event/ClearLink?t=abc.def';
const FORMATS: BodyTarget[] = [
  { format: 'signed' },
  { format: 'slack' },
  { format: 'teams' },
  { format: 'telegram', telegramChatId: '-100' },
];
const body = (target: BodyTarget, clearLink = true) =>
  webhookBody(target, EVENT, 'wattboard-5', clearLink);

describe('clear links in webhook bodies', () => {
  it('every format holds the mark when asked, and only then; the Admin test never', () => {
    for (const target of FORMATS) {
      expect(holdsClearLink(body(target)), target.format).toBe(true);
      expect(holdsClearLink(body(target, false)), target.format).toBe(false);
      expect(
        holdsClearLink(webhookTestBody(target, EVENT.factory, new Date())),
        target.format,
      ).toBe(false);
    }
  });

  it('puts the address where each format shows a link, with the bilingual label', () => {
    const signed = JSON.parse(fillClearLink(body({ format: 'signed' }), LINK));
    expect(signed.clearUrl).toBe(LINK);

    const slack = JSON.parse(fillClearLink(body({ format: 'slack' }), LINK));
    expect(slack.text.split('\n').at(-1)).toBe(`<${LINK}|${CLEAR_LINK_LABEL}>`);

    const teams = JSON.parse(fillClearLink(body({ format: 'teams' }), LINK));
    expect(teams.attachments[0].content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Clear this alarm / 清除此警報', url: LINK },
    ]);

    const telegram = JSON.parse(fillClearLink(body(FORMATS[3]!), LINK));
    const last = telegram.text.split('\n').at(-1);
    expect(last).toMatch(/^Clear this alarm \/ 清除此警報 .*12 h.*12 小時.* https:\/\//);
    expect(last.endsWith(` ${LINK}`)).toBe(true);
    expect(telegram.reply_markup).toBeUndefined();
  });

  it('escapes the address for JSON and takes it literally', () => {
    const odd = 'https://x.example/a"b\\c$&d';
    expect(JSON.parse(fillClearLink(body({ format: 'signed' }), odd)).clearUrl).toBe(odd);
  });

  it('without a link: clearUrl null, the line or the action gone, the rest as without links', () => {
    const signed = JSON.parse(fillClearLink(body({ format: 'signed' }), null));
    expect(signed).toEqual({ ...JSON.parse(body({ format: 'signed' }, false)), clearUrl: null });
    for (const target of FORMATS.slice(1)) {
      const filled = fillClearLink(body(target), null);
      expect(filled, target.format).not.toContain(CLEAR_LINK_MARK);
      expect(JSON.parse(filled), target.format).toEqual(JSON.parse(body(target, false)));
    }
  });

  it('leaves a body without the mark (queued before links) as it is', () => {
    const old = body({ format: 'slack' }, false);
    expect(fillClearLink(old, LINK)).toBe(old);
    expect(fillClearLink(old, null)).toBe(old);
  });

  it("names the destination as the link's receiver", () => {
    expect(clearLinkReceiver({ name: 'Night shift' })).toBe('webhook: Night shift');
  });
});
