import type { FastifyInstance } from 'fastify';
import {
  ANNOUNCEMENT_MESSAGES,
  announcementCreate,
  announcementLatestGet,
  announcementLatestPost,
  StatusCode,
} from '@wattboard/contract';
import { optionalCallerFactoryId } from './repo/caller-factory.ts';
import {
  announcementPeriod,
  canCreateAnnouncement,
  CREATE_FORBIDDEN_MESSAGE,
  isActiveAt,
} from './rules.ts';
import { findLatestActiveAnnouncement, insertAnnouncement } from './repo/announcements.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { okEnvelope, registerCall, registerCallerCall } from '../auth/index.ts';

export interface AnnouncementRouteOptions {
  devTools: boolean;
}

/**
 * The latest-announcement calls (no auth; a valid bearer token adds the
 * caller's factory to the platform-wide ones) and creation (Admin, or dev tools, only).
 */
export async function announcementRoutes(
  app: FastifyInstance,
  { devTools }: AnnouncementRouteOptions,
) {
  const latestFor = async (request: Parameters<typeof optionalCallerFactoryId>[1]) => {
    const now = new Date();
    const factoryId = await optionalCallerFactoryId(app.db, request, now);
    return findLatestActiveAnnouncement(app.db, factoryId, now);
  };

  // GET answers `null` when there is none.
  registerCall(app, announcementLatestGet, ({ request }) => latestFor(request));

  // The POST form answers 204 with no body when there is none.
  registerCall(app, announcementLatestPost, async ({ request, reply }) => {
    const latest = await latestFor(request);
    return latest ?? reply.code(204).send();
  });

  registerCallerCall(app, announcementCreate, async ({ request, reply, body, auth }) => {
    // A permission problem, not a business outcome of the call: HTTP 403 with
    // statusCode 201 Fail and a message saying who may create announcements.
    if (!canCreateAnnouncement(auth.user.username, devTools)) {
      return sendError(request, reply, 403, {
        ...okEnvelope(announcementCreate.path, auth),
        statusCode: StatusCode.Fail,
        message: CREATE_FORBIDDEN_MESSAGE,
      });
    }
    // The contract compared the raw strings; read in the factory's zone the
    // order can still differ (a local start against an end with an offset).
    const { start, end } = announcementPeriod(body.dtStart, body.dtEnd, auth.factory.timeZone);
    if (end.getTime() <= start.getTime()) {
      return sendError(request, reply, 400, {
        statusCode: StatusCode.Fail,
        message: `dtEnd: ${ANNOUNCEMENT_MESSAGES.endAfterStart}`,
      });
    }
    const created = await insertAnnouncement(app.db, {
      factoryId: auth.factory.id,
      createdBy: auth.user.id,
      title: body.title,
      content: body.content,
      isImportant: body.isImportant,
      start,
      end,
    });
    if (isActiveAt(start, end, new Date())) {
      // Stored already: a hub failure is logged, never turned into a failed call.
      try {
        await app.hub.toFactory(auth.factory.id, 'AnnouncementReceived', {
          type: 'Official',
          id: created.id,
          content: created.text,
          time: created.published_date,
        });
      } catch (err) {
        request.log.error({ err, announcementId: created.id }, 'announcement broadcast failed');
      }
    }
    return { ...okEnvelope(announcementCreate.path, auth), ...created };
  });
}
