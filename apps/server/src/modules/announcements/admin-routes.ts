import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  ANNOUNCEMENT_MESSAGES,
  adminAnnouncementCreate,
  adminAnnouncementEnd,
  adminAnnouncementList,
  StatusCode,
} from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { endedPeriod } from './announcement-state.ts';
import { announcementPeriod, isActiveAt } from './rules.ts';
import { insertAnnouncement } from './repo/announcements.ts';
import { recordAudit } from '../audit/index.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import {
  findAnnouncement,
  listAnnouncements,
  setAnnouncementPeriod,
} from './repo/announcements-admin.ts';

/** Announcements: list (scheduled / active / ended), create (the creation form's rules), end now. */
export async function adminAnnouncementRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminAnnouncementList, async ({ body, factoryId, ok }) => ({
    ...ok,
    announcements: await listAnnouncements(app.db, factoryId, body.state, new Date()),
  }));

  registerAdminCall(app, adminAnnouncementCreate, async (context) => {
    const { request, reply, body, auth, factoryId, actor, ok } = context;
    // As /v1/Web/Announcement/Create: the factory's zone can still reorder the bounds.
    const { start, end } = announcementPeriod(body.dtStart, body.dtEnd, auth.factory.timeZone);
    if (end.getTime() <= start.getTime()) {
      return sendError(request, reply, 400, {
        statusCode: StatusCode.Fail,
        message: `dtEnd: ${ANNOUNCEMENT_MESSAGES.endAfterStart}`,
      });
    }
    const created = await app.db.transaction(async (tx) => {
      const stored = await insertAnnouncement(tx, {
        factoryId,
        createdBy: auth.user.id,
        title: body.title,
        content: body.content,
        isImportant: body.isImportant,
        start,
        end,
      });
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'announcement.add',
        target: { type: 'announcement', id: stored.id },
        detail: { title: body.title, start: start.toISOString(), end: end.toISOString() },
      });
      return stored;
    });
    if (isActiveAt(start, end, new Date()) && app.hasDecorator('hub')) {
      // Stored already: a hub failure is logged, never turned into a failed call.
      try {
        await app.hub.toFactory(factoryId, 'AnnouncementReceived', {
          type: 'Official',
          id: created.id,
          content: created.text,
          time: created.published_date,
        });
      } catch (err) {
        request.log.error({ err, announcementId: created.id }, 'announcement broadcast failed');
      }
    }
    const announcement = await findAnnouncement(app.db, factoryId, created.id, new Date());
    return { ...ok, announcement: announcement! };
  });

  registerAdminCall(app, adminAnnouncementEnd, async ({ body, factoryId, actor, ok, fail }) => {
    const now = new Date();
    const found = await findAnnouncement(app.db, factoryId, body.announcementId, now);
    if (!found) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    if (found.platformWide) return fail(StatusCode.Fail, ADMIN_MESSAGES.platformAnnouncement);
    if (found.state === 'ended') return fail(StatusCode.Fail, ADMIN_MESSAGES.announcementOver);
    const period = endedPeriod(new Date(found.dtStart), now);
    await app.db.transaction(async (tx) => {
      await setAnnouncementPeriod(tx, found.id, period);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'announcement.end',
        target: { type: 'announcement', id: found.id },
        detail: {
          title: found.title,
          was: found.state,
          end: { from: found.dtEnd, to: now.toISOString() },
        },
      });
    });
    const announcement = await findAnnouncement(app.db, factoryId, found.id, new Date());
    return { ...ok, announcement: announcement! };
  });
}
