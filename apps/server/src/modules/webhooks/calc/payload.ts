import type { WebhookFormat } from '@wattboard/contract';

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

/**
 * The body sent for an event, fixed when it is queued (decision 0069).
 * `signed`: our JSON, whose `id` (`wattboard-{outbox id}`) is also the
 * Idempotency-Key header, so a receiver can drop a repeat; `slack`: the text
 * of an incoming webhook, English then 中文.
 */
export function webhookBody(
  format: WebhookFormat,
  event: WebhookEvent,
  deliveryId: string,
): string {
  if (format === 'slack') {
    const where = event.node ? ` — ${event.node.name} / ${event.node.chName}` : '';
    return JSON.stringify({
      text:
        `*${event.titleEn}* / *${event.titleZh}*${where}\n` +
        `${event.descEn}\n${event.descZh}\n` +
        `${event.factory.name} / ${event.factory.nameZh} · ${event.openedAt.toISOString()}`,
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
  });
}

/** Whether a destination wants an event of this kind: demand warnings, or everything else. */
export function wantsEvent(destination: { alarms: boolean; demand: boolean }, kind: string) {
  return kind === 'demand' ? destination.demand : destination.alarms;
}

/** The test message Admin sends, in the destination's format. */
export function webhookTestBody(
  format: WebhookFormat,
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
