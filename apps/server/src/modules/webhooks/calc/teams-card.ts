/**
 * A Microsoft Teams Workflows ("Post to a channel when a webhook request is received")
 * message: `type: message` with one Adaptive Card attachment, as Microsoft documents for
 * incoming webhooks. Card version 1.4, the highest Teams renders everywhere. Alarm messages
 * (teams.ts) and report links (report-message.ts) both use it. Pure.
 */
export interface TeamsCard {
  /** The bold first line. */
  title: string;
  /** Paragraphs under the title. */
  texts?: string[];
  facts: { title: string; value: string }[];
  /** One button that opens a link. */
  link?: { label: string; url: string };
}

export function teamsCardMessage(card: TeamsCard): string {
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
            { type: 'TextBlock', text: card.title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...(card.texts ?? []).map((text) => ({ type: 'TextBlock', text, wrap: true })),
            { type: 'FactSet', facts: card.facts },
          ],
          ...(card.link
            ? { actions: [{ type: 'Action.OpenUrl', title: card.link.label, url: card.link.url }] }
            : {}),
        },
      },
    ],
  });
}
