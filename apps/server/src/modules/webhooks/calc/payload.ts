import type { WebhookFormat } from '@wattboard/contract';
import { CLEAR_LINK_LABEL, CLEAR_LINK_MARK } from './clear-link.ts';
import { linePushBody } from './line.ts';
import { teamsBody } from './teams.ts';
import { telegramBody } from './telegram.ts';

/** An opened event as a webhook tells it (from the events row and its node). */
export interface WebhookEvent {
  eventId: number;
  /** alarm, anomaly, offline, demand … (the events row's kind). */
  kind: string;
  target: string;
  titleEn: string;
  descEn: string;
  titleZh: string;
  descZh: string;
  value: number | null;
  openedAt: Date;
  node: { id: number; name: string; chName: string } | null;
  factory: { id: number; name: string; nameZh: string };
}

/** Where a body goes besides the format: a Telegram chat or a LINE `to` lives in the body. */
export interface BodyTarget {
  format: WebhookFormat;
  telegramChatId?: string | null;
  /** LINE: the bound user, group or room (the destination's chat_id). */
  chatId?: string | null;
}

/**
 * The body sent for an event, fixed when it is queued (decision 0069).
 * `signed`: our JSON, whose `id` (`wattboard-{outbox id}`) is also the
 * Idempotency-Key header, so a receiver can drop a repeat; `slack`: the text
 * of an incoming webhook, English then 中文.
 *
 * With `clearLink` (an event's delivery, not Admin's test message) the body
 * holds CLEAR_LINK_MARK where the clear link goes: `clearUrl` in our JSON, a
 * link line in Slack's, Telegram's and LINE's text, an Action.OpenUrl on the Teams
 * card. The worker fills it at each attempt (calc/clear-link.ts).
 */
export function webhookBody(
  target: WebhookFormat | BodyTarget,
  event: WebhookEvent,
  deliveryId: string,
  clearLink = false,
): string {
  const {
    format,
    telegramChatId = null,
    chatId = null,
  } = typeof target === 'string' ? { format: target } : target;
  if (format === 'teams') return teamsBody(event, clearLink);
  if (format === 'line') return linePushBody(event, chatId ?? '', clearLink);
  if (format === 'telegram') return telegramBody(event, telegramChatId ?? '', clearLink);
  if (format === 'slack') {
    const where = event.node ? ` — ${event.node.name} / ${event.node.chName}` : '';
    return JSON.stringify({
      text:
        `*${event.titleEn}* / *${event.titleZh}*${where}\n` +
        `${event.descEn}\n${event.descZh}\n` +
        `${event.factory.name} / ${event.factory.nameZh} · ${event.openedAt.toISOString()}` +
        // Slack's mrkdwn link: <address|label>.
        (clearLink ? `\n<${CLEAR_LINK_MARK}|${CLEAR_LINK_LABEL}>` : ''),
    });
  }
  return JSON.stringify({
    id: deliveryId,
    type: 'event.opened',
    factory: event.factory,
    event: {
      id: event.eventId,
      kind: event.kind,
      target: event.target,
      title: { en: event.titleEn, zh: event.titleZh },
      description: { en: event.descEn, zh: event.descZh },
      value: event.value,
      openedAt: event.openedAt.toISOString(),
      node: event.node,
    },
    ...(clearLink ? { clearUrl: CLEAR_LINK_MARK } : {}),
  });
}

/**
 * Whether a destination wants an event of this kind: demand warnings, offline
 * meters, anomalies (off unless chosen: decision 0082), or threshold alarms
 * (and the test alarm, which stands for them).
 */
export function wantsEvent(
  destination: { alarms: boolean; demand: boolean; offline?: boolean; anomalies?: boolean },
  kind: string,
) {
  if (kind === 'demand') return destination.demand;
  if (kind === 'anomaly') return destination.anomalies ?? false;
  if (kind === 'offline') return destination.offline ?? destination.alarms;
  return destination.alarms;
}

/** The test message Admin sends, in the destination's format. */
export function webhookTestBody(
  format: WebhookFormat | BodyTarget,
  factory: WebhookEvent['factory'],
  now: Date,
): string {
  return webhookBody(
    format,
    {
      eventId: 0,
      kind: 'test',
      target: 'test',
      titleEn: 'Test message from Wattboard',
      descEn: 'This destination receives the factory’s alerts.',
      titleZh: 'Wattboard 測試訊息',
      descZh: '此目的地會收到工廠的警報。',
      value: null,
      openedAt: now,
      node: null,
      factory,
    },
    'wattboard-test',
  );
}
