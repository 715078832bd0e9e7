import { z } from 'zod';
import { defineCall } from '../call.ts';
import { ANNOUNCEMENT_MESSAGES, announcementInputFields } from '../announcement.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { inputEventId } from '../input.ts';
import { isOrderedRange, isoDateTime } from '../time.ts';
import { adminRequest } from './common.ts';

export const announcementState = z.enum(['scheduled', 'active', 'ended']);
export type AnnouncementState = z.infer<typeof announcementState>;

export const adminAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  isImportant: z.boolean(),
  dtStart: isoDateTime,
  dtEnd: isoDateTime,
  state: announcementState,
  /** Platform-wide ones (no factory) are shown but cannot be ended here. */
  platformWide: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: isoDateTime,
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

/** The factory's and the platform's announcements, newest start first (at most 200). */
export const adminAnnouncementListRequest = adminRequest({
  state: announcementState.optional(),
});
export const adminAnnouncementListResponse = withResponseEnvelope({
  announcements: z.array(adminAnnouncement),
});
export type AdminAnnouncementListResponse = z.infer<typeof adminAnnouncementListResponse>;

export const adminAnnouncementList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Announcement/List',
  auth: true,
  request: adminAnnouncementListRequest,
  response: adminAnnouncementListResponse,
});

/**
 * Same fields, rules and messages as /v1/Web/Announcement/Create:
 * for this factory, broadcast on the hub when already active, audited.
 */
export const adminAnnouncementCreateRequest = adminRequest(announcementInputFields).refine(
  (v) => isOrderedRange(v.dtStart, v.dtEnd, true),
  { message: ANNOUNCEMENT_MESSAGES.endAfterStart, path: ['dtEnd'] },
);
export const adminAnnouncementAnswer = withResponseEnvelope({ announcement: adminAnnouncement });
export type AdminAnnouncementAnswer = z.infer<typeof adminAnnouncementAnswer>;

export const adminAnnouncementCreate = defineCall({
  method: 'POST',
  path: '/v1/Admin/Announcement/Create',
  auth: true,
  request: adminAnnouncementCreateRequest,
  response: adminAnnouncementAnswer,
});

/**
 * Ends an active announcement now, or cancels a scheduled one (it then reads
 * as ended). An ended one answers 201 Fail (ADMIN_MESSAGES.announcementOver).
 */
export const adminAnnouncementEndRequest = adminRequest({ announcementId: inputEventId });

export const adminAnnouncementEnd = defineCall({
  method: 'POST',
  path: '/v1/Admin/Announcement/End',
  auth: true,
  request: adminAnnouncementEndRequest,
  response: adminAnnouncementAnswer,
});
