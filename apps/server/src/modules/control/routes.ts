import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  channelGroup,
  channelGroupUpdateStatus,
  channelSchedule,
  channelScheduleUpdate,
  errorResponse,
  messageResponse,
  StatusCode,
} from '@wattboard/contract';
import type { AuditActor } from '../audit/index.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  type AuthContext,
  authenticatedCaller,
  businessFailure,
  okEnvelope,
  registerFactoryCall,
  resolveFactoryId,
} from '../auth/index.ts';
import { describeValidationProblems } from '../../platform/http/validation-message.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { loadChannel, loadChannels, loadGroups, scheduleItem } from './repo/channel-rows.ts';
import { channelNotFound } from './repo/group-updates.ts';
import { parseUpdate, UPDATE_ACTIONS, type UpdateAction } from './update-routes.ts';
import { ControlRefusal, type ControlOutcome } from './repo/outcome.ts';
import { optionInfoOf, scheduleOf, updateSchedule } from './repo/schedule.ts';
import { FACTORY_NOT_FOUND_MESSAGE } from '../../platform/http/not-found-messages.ts';

export interface ControlRouteOptions {
  /** After a committed change: push it on the hub and let the scheduler act at once. */
  afterChange(factoryId: number, outcome: Extract<ControlOutcome, { ok: true }>): Promise<void>;
}

const actorOf = (auth: AuthContext, request: FastifyRequest): AuditActor => ({
  userId: auth.user.id,
  name: auth.user.username,
  address: request.ip,
});

const dtIso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The five Control calls (docs/product/alarms-and-control.md). */
export async function controlRoutes(app: FastifyInstance, options: ControlRouteOptions) {
  /** Runs a change in one transaction; a refusal rolls it back and answers its status. */
  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    auth: AuthContext,
    factoryId: number,
    work: (tx: Queryable, actor: AuditActor) => Promise<ControlOutcome>,
  ) {
    const action = request.url.split('?')[0] ?? request.url;
    let outcome: ControlOutcome;
    try {
      outcome = await app.db.transaction((tx) => work(tx, actorOf(auth, request)));
    } catch (error) {
      if (!(error instanceof ControlRefusal)) throw error;
      outcome = error.outcome;
    }
    if (!outcome.ok && outcome.kind === 'invalid') {
      return sendError(request, reply, 400, {
        statusCode: StatusCode.Fail,
        message: `${outcome.field}: ${outcome.message}`,
      });
    }
    if (!outcome.ok) return businessFailure(action, auth, StatusCode.DataNotFound, outcome.message);
    await options.afterChange(factoryId, outcome);
    return { ...okEnvelope(action, auth), message: 'Updated.' };
  }

  registerFactoryCall(app, channelGroup, async ({ factoryId, ok }) => {
    const [groupList, channels] = await Promise.all([
      loadGroups(app.db, factoryId),
      loadChannels(app.db, factoryId),
    ]);
    const channelScheduleList = channels.map((row) => ({
      ...scheduleItem(row),
      controlMethod: row.controlMethod,
      dtStatusReported: dtIso(row.statusReportedAt),
      pendingState: row.pendingState,
    }));
    return { ...ok, groupList, channelScheduleList };
  });

  app.route({
    method: 'POST',
    url: channelGroupUpdateStatus.path,
    schema: {
      querystring: z.object({
        action: z.enum(UPDATE_ACTIONS),
      }),
      response: { 200: z.union([messageResponse, errorResponse]) },
    },
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const auth = authenticatedCaller(request);
      const { action } = request.query as { action: UpdateAction };
      const parsed = parseUpdate(action, request.body);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => ({
          instancePath: `/${issue.path.join('/')}`,
          message: issue.message,
        }));
        return sendError(request, reply, 400, {
          statusCode: StatusCode.Fail,
          message: describeValidationProblems(problems),
        });
      }
      const factoryId = resolveFactoryId(parsed.data.factoryId, auth.factory.id);
      if (factoryId === null) {
        return businessFailure(
          channelGroupUpdateStatus.path,
          auth,
          StatusCode.FactoryNotFound,
          FACTORY_NOT_FOUND_MESSAGE,
        );
      }
      return change(request, reply, auth, factoryId, (tx, actor) =>
        parsed.work(tx, factoryId, actor),
      );
    },
  });

  registerFactoryCall(app, channelSchedule, async ({ body, factoryId, ok, fail }) => {
    const row = await loadChannel(app.db, factoryId, body.channelScheduleId);
    if (!row) {
      const message = `channelScheduleId: ${channelNotFound(body.channelScheduleId)}`;
      return fail(StatusCode.DataNotFound, message);
    }
    return {
      ...ok,
      optionInfo: optionInfoOf(row),
      schedule: scheduleOf(row),
    };
  });

  registerFactoryCall(
    app,
    channelScheduleUpdate,
    async ({ request, reply, body, auth, factoryId }) => {
      return change(request, reply, auth, factoryId, (tx, actor) =>
        updateSchedule(
          tx,
          factoryId,
          actor,
          body.channelScheduleId,
          body.selectedOption,
          body.scheduleUpdate,
        ),
      );
    },
  );
}
