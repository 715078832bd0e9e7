import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CallDefinition } from '@wattboard/contract';
import type { BusinessFailure } from '../auth/index.ts';
import type { AnswerCache } from './answer-cache.ts';
import type { AnswerWindow } from './calc/answer-window.ts';

/** An answer's own fields (no envelope) and the instants it holds over. */
export interface ComputedAnswer {
  data: object;
  window: AnswerWindow;
}

export interface CachedAnswerRequest {
  call: CallDefinition;
  reply: FastifyReply;
  /** The caller's envelope: per session, so never part of what is kept. */
  ok: Record<string, unknown>;
  factoryId: number;
  /** Everything besides the factory that the answer depends on. */
  key: string;
  now: number;
  compute: () => Promise<ComputedAnswer | BusinessFailure>;
}

function send(reply: FastifyReply, ok: Record<string, unknown>, json: string): FastifyReply {
  const envelope = JSON.stringify(ok);
  const body = json === '{}' ? envelope : `${envelope.slice(0, -1)},${json.slice(1)}`;
  // A string with a JSON type goes out as it is: it was checked against the contract when made.
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Answers from the cache when the factory's data stamp and the clock allow
 * (docs/decisions/0084-monitor-answer-cache.md), else computes, checks the
 * answer against the call's contract as every answer is, keeps it and sends
 * it. Business failures are sent as usual and never kept.
 */
export async function answerThroughCache(
  app: FastifyInstance,
  cache: AnswerCache,
  request: CachedAnswerRequest,
): Promise<FastifyReply | BusinessFailure> {
  const { call, reply, ok, factoryId, now } = request;
  const key = `${factoryId}|${call.path}|${request.key}`;
  // The session lookup usually settled the feed for this request already.
  const stamp = await app.dataChanges.stamp(factoryId, reply.request.dataSettled);
  const kept = stamp === null ? undefined : cache.get(key, stamp, now);
  if (kept !== undefined) return send(reply, ok, kept);

  const outcome = await request.compute();
  if (!('window' in outcome)) return outcome;
  const checked = call.response.parse({ ...ok, ...outcome.data }) as Record<string, unknown>;
  const own = Object.fromEntries(Object.entries(checked).filter(([field]) => !(field in ok)));
  const json = JSON.stringify(own);
  if (stamp !== null) cache.set(key, stamp, outcome.window, json);
  return send(reply, ok, json);
}
