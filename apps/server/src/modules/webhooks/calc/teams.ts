import { CLEAR_LINK_LABEL, CLEAR_LINK_MARK } from './clear-link.ts';
import type { WebhookEvent } from './payload.ts';

/**
 * A Microsoft Teams Workflows ("Post to a channel when a webhook request is
 * received") message: `type: message` with one Adaptive Card attachment, as
 * Microsoft documents for incoming webhooks. Card version 1.4, the highest
 * Teams renders everywhere. English then 中文, like the Slack text, since a
 * channel is shared by readers of both. With `clearLink`, an Action.OpenUrl
 * button whose address the worker fills (calc/clear-link.ts).
 */
export function teamsBody(event: WebhookEvent, clearLink = false): string {
  const where = event.node ? `${event.node.name} / ${event.node.chName}` : null;
  const facts = [
    ...(where ? [{ title: 'Point / 監控點', value: where }] : []),
    ...(event.value !== null ? [{ title: 'Value / 數值', value: String(event.value) }] : []),
    { title: 'Factory / 工廠', value: `${event.factory.name} / ${event.factory.nameZh}` },
    { title: 'Opened / 發生時間', value: event.openedAt.toISOString() },
  ];
  return JSON.stringify({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: `${event.titleEn} / ${event.titleZh}`,
              weight: 'Bolder',
              size: 'Medium',
              wrap: true,
            },
            { type: 'TextBlock', text: event.descEn, wrap: true },
            { type: 'TextBlock', text: event.descZh, wrap: true },
            { type: 'FactSet', facts },
          ],
          ...(clearLink
            ? {
                actions: [
                  { type: 'Action.OpenUrl', title: CLEAR_LINK_LABEL, url: CLEAR_LINK_MARK },
                ],
              }
            : {}),
        },
      },
    ],
  });
}
