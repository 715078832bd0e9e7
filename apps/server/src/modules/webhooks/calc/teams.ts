import { CLEAR_LINK_LABEL, CLEAR_LINK_MARK } from './clear-link.ts';
import type { WebhookEvent } from './payload.ts';
import { teamsCardMessage } from './teams-card.ts';

/**
 * An alarm as a Microsoft Teams card (teams-card.ts). English then 中文, like the Slack text, since a
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
  return teamsCardMessage({
    title: `${event.titleEn} / ${event.titleZh}`,
    texts: [event.descEn, event.descZh],
    facts,
    ...(clearLink ? { link: { label: CLEAR_LINK_LABEL, url: CLEAR_LINK_MARK } } : {}),
  });
}
