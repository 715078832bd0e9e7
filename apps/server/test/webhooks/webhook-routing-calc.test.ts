import { describe, expect, it } from 'vitest';
import { webhookBody } from '../../src/modules/webhooks/calc/payload.ts';
import {
  maskTelegramToken,
  telegramUrl,
  withoutToken,
} from '../../src/modules/webhooks/calc/telegram.ts';
import { releaseAt, URGENT_KINDS } from '../../src/modules/webhooks/calc/quiet-hours.ts';
import { escalationDue } from '../../src/modules/webhooks/calc/escalation.ts';
import { VOLTAGE_EVENT } from './webhook-event.ts';

const EVENT = VOLTAGE_EVENT;
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

describe('teams body', () => {
  it('is a message with one Adaptive Card attachment, both languages and the facts', () => {
    const body = JSON.parse(webhookBody('teams', EVENT, 'wattboard-9'));
    expect(body.type).toBe('message');
    expect(body.attachments).toHaveLength(1);
    const [attachment] = body.attachments;
    expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(attachment.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    const [title, en, zh, facts] = attachment.content.body;
    expect(title).toMatchObject({ type: 'TextBlock', text: 'Voltage high / 電壓過高' });
    expect([en.text, zh.text]).toEqual([EVENT.descEn, EVENT.descZh]);
    expect(facts.facts).toContainEqual({ title: 'Point / 監控點', value: 'Main incomer / 主進線' });
    expect(facts.facts).toContainEqual({ title: 'Value / 數值', value: '245.1' });
  });

  it('leaves out the point and the value when the event has none', () => {
    const body = JSON.parse(webhookBody('teams', { ...EVENT, node: null, value: null }, 'x'));
    const titles = body.attachments[0].content.body[3].facts.map((f: { title: string }) => f.title);
    expect(titles).toEqual(['Factory / 工廠', 'Opened / 發生時間']);
  });
});

describe('telegram', () => {
  it('sends plain text to the chat, English then 中文, without link previews', () => {
    const body = JSON.parse(
      webhookBody({ format: 'telegram', telegramChatId: '-1001234' }, EVENT, 'x'),
    );
    expect(body.chat_id).toBe('-1001234');
    expect(body.parse_mode).toBeUndefined();
    expect(body.link_preview_options).toEqual({ is_disabled: true });
    expect(body.text.split('\n')).toEqual([
      'Voltage high / 電壓過高',
      'Main incomer / 主進線',
      EVENT.descEn,
      EVENT.descZh,
      'Demo plant / 示範工廠 · 2026-11-28T02:07:00.000Z',
    ]);
  });

  it('builds the bot address, masks the token and takes it out of error texts', () => {
    expect(telegramUrl('https://api.telegram.org/', TOKEN)).toBe(
      `https://api.telegram.org/bot${TOKEN}/sendMessage`,
    );
    expect(maskTelegramToken(TOKEN)).toBe('123456789:…');
    expect(maskTelegramToken('garbage')).toBe('…');
    expect(withoutToken(`fetch failed for /bot${TOKEN}/sendMessage`, TOKEN)).toBe(
      'fetch failed for /bot…/sendMessage',
    );
  });
});

describe('quiet hours', () => {
  const TAIPEI = 'Asia/Taipei';
  // 22:00–07:00 Taipei (UTC+8) is 14:00–23:00 UTC.
  const NIGHT = { start: '22:00', end: '07:00' };
  const at = (iso: string) => new Date(iso).getTime();

  it('holds a non-urgent delivery until the end, across midnight', () => {
    expect(releaseAt(at('2026-11-28T14:30:00Z'), NIGHT, TAIPEI, false)).toBe(
      at('2026-11-28T23:00:00Z'),
    );
    // After local midnight the end is the same local day.
    expect(releaseAt(at('2026-11-28T17:00:00Z'), NIGHT, TAIPEI, false)).toBe(
      at('2026-11-28T23:00:00Z'),
    );
  });

  it('counts the start as quiet and the end as not', () => {
    expect(releaseAt(at('2026-11-28T14:00:00Z'), NIGHT, TAIPEI, false)).toBe(
      at('2026-11-28T23:00:00Z'),
    );
    expect(releaseAt(at('2026-11-28T23:00:00Z'), NIGHT, TAIPEI, false)).toBe(
      at('2026-11-28T23:00:00Z'),
    );
    expect(releaseAt(at('2026-11-28T13:59:00Z'), NIGHT, TAIPEI, false)).toBe(
      at('2026-11-28T13:59:00Z'),
    );
  });

  it('handles a window inside one day, no window, and urgent kinds', () => {
    const lunch = { start: '12:00', end: '13:00' };
    expect(releaseAt(at('2026-11-28T04:10:00Z'), lunch, TAIPEI, false)).toBe(
      at('2026-11-28T05:00:00Z'),
    );
    expect(releaseAt(at('2026-11-28T05:10:00Z'), lunch, TAIPEI, false)).toBe(
      at('2026-11-28T05:10:00Z'),
    );
    expect(releaseAt(at('2026-11-28T15:00:00Z'), null, TAIPEI, false)).toBe(
      at('2026-11-28T15:00:00Z'),
    );
    expect(releaseAt(at('2026-11-28T15:00:00Z'), NIGHT, TAIPEI, true)).toBe(
      at('2026-11-28T15:00:00Z'),
    );
    expect([...URGENT_KINDS].sort()).toEqual(['test', 'threshold']);
  });

  it('follows the zone setting, daylight saving included', () => {
    // Europe/Berlin on 2026-03-29: 02:00 jumps to 03:00; 01:00–02:30 local ends at the jump.
    const gap = { start: '01:00', end: '02:30' };
    expect(releaseAt(at('2026-03-29T00:30:00Z'), gap, 'Europe/Berlin', false)).toBe(
      at('2026-03-29T01:00:00Z'),
    );
    // In summer time 22:00–07:00 Berlin ends at 05:00 UTC.
    expect(releaseAt(at('2026-07-01T21:00:00Z'), NIGHT, 'Europe/Berlin', false)).toBe(
      at('2026-07-02T05:00:00Z'),
    );
  });
});

describe('escalation', () => {
  const opened = new Date('2026-11-28T02:00:00Z');
  const destination = { escalateAfterMinutes: 15, wants: () => true };
  const min = (m: number) => opened.getTime() + m * 60_000;

  it('is due once the minutes have passed, while unresolved', () => {
    const event = { kind: 'threshold', openedAt: opened, resolvedAt: null };
    expect(escalationDue(event, destination, min(14.9))).toBe(false);
    expect(escalationDue(event, destination, min(15))).toBe(true);
    expect(escalationDue({ ...event, resolvedAt: new Date(min(10)) }, destination, min(15))).toBe(
      false,
    );
  });

  it('skips demand warnings, unwanted kinds, non-escalation destinations and stale alarms', () => {
    const event = { kind: 'threshold', openedAt: opened, resolvedAt: null };
    expect(escalationDue({ ...event, kind: 'demand' }, destination, min(20))).toBe(false);
    expect(escalationDue({ ...event, kind: 'offline' }, destination, min(20))).toBe(true);
    expect(escalationDue(event, { ...destination, wants: () => false }, min(20))).toBe(false);
    expect(escalationDue(event, { ...destination, escalateAfterMinutes: null }, min(20))).toBe(
      false,
    );
    expect(escalationDue(event, destination, min(15 + 24 * 60 + 1))).toBe(false);
  });
});
