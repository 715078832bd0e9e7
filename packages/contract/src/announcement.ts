import { z } from 'zod';
import { defineCall } from './call.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { boundedLine, boundedText } from './input.ts';
import { numericId } from './numeric.ts';
import { dateOrDateTime, isoDateTime, isOrderedRange } from './time.ts';

/** The announcement banner's content. */
export const announcementFields = {
  id: numericId,
  text: z.string(),
  published_date: isoDateTime,
};
export const announcement = z.object(announcementFields);
export type Announcement = z.infer<typeof announcement>;

/** No announcement is null (the POST form may also answer 204 with no body). */
export const announcementLatestResponse = announcement.nullable();
export type AnnouncementLatestResponse = z.infer<typeof announcementLatestResponse>;

/** Neither form takes input: the GET has no body, the POST an empty JSON object. */
export const announcementLatestRequest = z.strictObject({});

export const announcementLatestGet = defineCall({
  method: 'GET',
  path: '/v1/Web/Announcement/Latest',
  auth: false,
  request: announcementLatestRequest,
  response: announcementLatestResponse,
});

export const announcementLatestPost = defineCall({
  method: 'POST',
  path: '/api/v1/Web/Announcement/Latest',
  auth: false,
  request: announcementLatestRequest,
  response: announcementLatestResponse,
});

/** The form's exact validation messages. */
export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  endAfterStart: 'End date must be after start date',
  /** The developer test screen's own check. */
  titleAndContentRequired: 'Title and content are required',
  titleTooLong: 'Title is at most 200 characters',
  contentTooLong: 'Content is at most 2,000 characters',
} as const;

/** Lengths the banner and the bell can show (issue #8). */
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 2000;

/** An announcement runs a week unless told otherwise. */
export const ANNOUNCEMENT_DEFAULT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The default end: 7 days after the start. */
export function defaultAnnouncementEnd(start: Date): Date {
  return new Date(start.getTime() + ANNOUNCEMENT_DEFAULT_DAYS * DAY_MS);
}

const required = (message: string, max: number, tooLong: string, oneLine = false) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .pipe(oneLine ? boundedLine(max, tooLong) : boundedText(max, tooLong));

/** The creation form's fields, shared by the form and the server. */
export const announcementInputFields = {
  title: required(
    ANNOUNCEMENT_MESSAGES.titleRequired,
    ANNOUNCEMENT_TITLE_MAX,
    ANNOUNCEMENT_MESSAGES.titleTooLong,
    true,
  ),
  content: required(
    ANNOUNCEMENT_MESSAGES.contentRequired,
    ANNOUNCEMENT_CONTENT_MAX,
    ANNOUNCEMENT_MESSAGES.contentTooLong,
  ),
  isImportant: z.boolean().default(false),
  dtStart: dateOrDateTime,
  dtEnd: dateOrDateTime,
};

const endAfterStart = (v: { dtStart: string; dtEnd: string }) =>
  isOrderedRange(v.dtStart, v.dtEnd, true);

/** The creation form on its own (no envelope), for react-hook-form. */
export const announcementForm = z
  .object(announcementInputFields)
  .refine(endAfterStart, { message: ANNOUNCEMENT_MESSAGES.endAfterStart, path: ['dtEnd'] });
export type AnnouncementForm = z.input<typeof announcementForm>;

export const announcementCreateRequest = withRequestEnvelope(announcementInputFields).refine(
  endAfterStart,
  { message: ANNOUNCEMENT_MESSAGES.endAfterStart, path: ['dtEnd'] },
);
export const announcementCreateResponse = withResponseEnvelope(announcementFields);
export type AnnouncementCreateResponse = z.infer<typeof announcementCreateResponse>;

export const announcementCreate = defineCall({
  method: 'POST',
  path: '/v1/Web/Announcement/Create',
  auth: true,
  request: announcementCreateRequest,
  response: announcementCreateResponse,
});
