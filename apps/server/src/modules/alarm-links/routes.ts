import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../audit/index.ts';
import { acknowledgeEvent, resolveEvent } from '../alarms/index.ts';
import { formatMailTime } from '../mail/index.ts';
import { readClearLinkToken, type ClearLinkClaims } from './calc/link-token.ts';
import { LINK_PAGE_STATUS, renderLinkPage, type LinkPageState } from './calc/link-page.ts';
import { linkedEvent, linkWasUsed, recordLinkUse, type LinkedEvent } from './repo/link-store.ts';

export const CLEAR_LINK_PATH = '/v1/Event/ClearLink';

/** A token is a few hundred characters; anything far longer is not one. */
const token = z.string().min(1).max(2048);
const linkQuery = z.object({ t: token });
/** The confirm page's two buttons; a form without one (an older page) clears. */
const linkForm = z.object({
  t: token,
  action: z.enum(['clear', 'acknowledge']).default('clear'),
});

function factsOf(eventId: number, event: LinkedEvent) {
  return {
    eventId,
    titleEn: event.titleEn,
    titleZh: event.titleZh,
    nodeEn: event.nodeName,
    nodeZh: event.nodeChName,
    openedAt: formatMailTime(event.openedAt, event.timeZone),
  };
}

function sendPage(reply: FastifyReply, state: LinkPageState) {
  return reply
    .code(LINK_PAGE_STATUS[state.kind])
    .header('content-type', 'text/html; charset=utf-8')
    .header('referrer-policy', 'no-referrer')
    .send(renderLinkPage(state));
}

export interface ClearLinkRouteOptions {
  secret: () => Promise<string>;
  now: () => Date;
}

/**
 * GET shows the alarm and a button; POST clears it (decision 0074). Opening
 * the link changes nothing, because mail scanners open links before people
 * do; only the button's POST uses it up. No session: the signed token is the
 * permission, for that one alarm of that one factory.
 */
export async function clearLinkRoutes(app: FastifyInstance, options: ClearLinkRouteOptions) {
  // The button posts an HTML form; this scope alone reads form bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** The claims of a token still worth a page, or the page that says why not. */
  async function check(t: string): Promise<{ claims: ClearLinkClaims } | LinkPageState> {
    const reading = readClearLinkToken(await options.secret(), t, options.now().getTime());
    if (reading.status === 'invalid') return { kind: 'invalid' };
    if (reading.status === 'expired') return { kind: 'expired' };
    const { claims } = reading;
    if (await linkWasUsed(app.db, claims.factoryId, claims.nonce)) return { kind: 'used' };
    return { claims };
  }

  /** Acknowledge (decision 0077): the link is used up, escalation stops, the alarm stays open. */
  async function acknowledge(
    reply: FastifyReply,
    claims: ClearLinkClaims,
    address: string,
    now: Date,
  ) {
    const outcome = await app.db.transaction(async (tx) => {
      if (!(await recordLinkUse(tx, { ...claims, now }))) return 'used' as const;
      const result = await acknowledgeEvent(
        tx,
        claims.factoryId,
        claims.eventId,
        claims.receiver,
        now,
      );
      if (result === 'acknowledged') {
        await recordAudit(tx, {
          factoryId: claims.factoryId,
          actor: { userId: null, name: claims.receiver, address },
          action: 'alarm.acknowledge',
          target: { type: 'event', id: claims.eventId },
          detail: { via: 'clear link' },
        });
      }
      return result;
    });
    if (outcome === 'used') return sendPage(reply, { kind: 'used' });
    const event = await linkedEvent(app.db, claims.factoryId, claims.eventId);
    if (outcome === 'not-found' || !event) return sendPage(reply, { kind: 'invalid' });
    const alarm = factsOf(claims.eventId, event);
    return sendPage(
      reply,
      outcome === 'resolved' ? { kind: 'already-cleared', alarm } : { kind: 'acknowledged', alarm },
    );
  }

  app.get(CLEAR_LINK_PATH, {
    schema: {
      summary: 'The alarm a clear link names, with its button (HTML)',
      querystring: linkQuery,
    },
    handler: async (request, reply) => {
      const { t } = linkQuery.parse(request.query);
      const checked = await check(t);
      if ('kind' in checked) return sendPage(reply, checked);
      const { claims } = checked;
      const event = await linkedEvent(app.db, claims.factoryId, claims.eventId);
      if (!event) return sendPage(reply, { kind: 'invalid' });
      const alarm = factsOf(claims.eventId, event);
      return sendPage(
        reply,
        event.resolved ? { kind: 'already-cleared', alarm } : { kind: 'confirm', token: t, alarm },
      );
    },
  });

  app.post(CLEAR_LINK_PATH, {
    schema: { summary: "Clears the link's alarm, once (HTML form)", body: linkForm },
    handler: async (request, reply) => {
      const { t, action } = linkForm.parse(request.body);
      const checked = await check(t);
      if ('kind' in checked) return sendPage(reply, checked);
      const { claims } = checked;
      const now = options.now();
      if (action === 'acknowledge') return acknowledge(reply, claims, request.ip, now);
      const outcome = await app.db.transaction(async (tx) => {
        if (!(await recordLinkUse(tx, { ...claims, now }))) return 'used' as const;
        // No user: the link acts for the receiver it was sent to (resolved_by stays empty).
        const result = await resolveEvent(tx, claims.factoryId, claims.eventId, null, now);
        if (result.outcome === 'resolved') {
          await recordAudit(tx, {
            factoryId: claims.factoryId,
            actor: { userId: null, name: claims.receiver, address: request.ip },
            action: 'alarm.clear',
            target: { type: 'event', id: claims.eventId },
            detail: { nodeId: result.nodeId, target: result.target, via: 'clear link' },
          });
        }
        return result.outcome;
      });
      if (outcome === 'used') return sendPage(reply, { kind: 'used' });
      const event = await linkedEvent(app.db, claims.factoryId, claims.eventId);
      if (outcome === 'not-found' || !event) return sendPage(reply, { kind: 'invalid' });
      if (outcome === 'resolved') {
        await app.hub
          .refreshLists(claims.factoryId)
          .catch((err: unknown) => app.log.error({ err }, 'alarm-links: lists not refreshed'));
      }
      const alarm = factsOf(claims.eventId, event);
      return sendPage(
        reply,
        outcome === 'resolved' ? { kind: 'cleared', alarm } : { kind: 'already-cleared', alarm },
      );
    },
  });
}
