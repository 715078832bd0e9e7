import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_MESSAGES,
  announcementCreateRequest,
  announcementForm,
  announcementLatestResponse,
  defaultAnnouncementEnd,
} from './announcement.ts';
import { issueMessages } from './fixtures/issue-paths.ts';

const form = {
  title: 'Maintenance',
  content: 'Power off Saturday 08:00–12:00',
  dtStart: '2026-11-21T08:00',
  dtEnd: '2026-11-28T08:00',
};

describe('announcement creation rules', () => {
  it('defaults isImportant to false', () => {
    expect(announcementForm.parse(form).isImportant).toBe(false);
    expect(announcementForm.parse({ ...form, isImportant: true }).isImportant).toBe(true);
  });

  it.each([undefined, '', '   '])('title %j -> "Title is required"', (title) => {
    expect(issueMessages(announcementForm, { ...form, title })).toEqual({
      title: 'Title is required',
    });
  });

  it.each([undefined, ''])('content %j -> "Content is required"', (content) => {
    expect(issueMessages(announcementForm, { ...form, content })).toEqual({
      content: 'Content is required',
    });
  });

  it('attaches "End date must be after start date" to the end date', () => {
    expect(issueMessages(announcementForm, { ...form, dtEnd: '2026-11-20T08:00' })).toEqual({
      dtEnd: 'End date must be after start date',
    });
    expect(issueMessages(announcementForm, { ...form, dtEnd: form.dtStart })).toEqual({
      dtEnd: ANNOUNCEMENT_MESSAGES.endAfterStart,
    });
  });

  it('compares moments with offsets correctly', () => {
    const start = '2026-11-21T08:00:00+08:00';
    // 01:00Z is 09:00 in Taipei: one hour after the start.
    expect(
      announcementForm.safeParse({ ...form, dtStart: start, dtEnd: '2026-11-21T01:00:00Z' })
        .success,
    ).toBe(true);
    expect(
      announcementForm.safeParse({ ...form, dtStart: start, dtEnd: '2026-11-20T23:00:00Z' })
        .success,
    ).toBe(false);
  });

  it('applies the same rules to the request, beside the envelope', () => {
    const envelope = {
      email: 'admin@wattboard.local',
      action: '/v1/Web/Announcement/Create',
      token: 't',
    };
    expect(announcementCreateRequest.safeParse({ ...envelope, ...form }).success).toBe(true);
    expect(issueMessages(announcementCreateRequest, { ...envelope, ...form, title: '' })).toEqual({
      title: 'Title is required',
    });
  });

  it('ends 7 days after the start by default', () => {
    const start = new Date('2026-11-21T08:00:00+08:00');
    expect(defaultAnnouncementEnd(start).toISOString()).toBe('2026-11-28T00:00:00.000Z');
  });
});

describe('latest announcement', () => {
  it('is an announcement or null when there is none', () => {
    expect(announcementLatestResponse.parse(null)).toBeNull();
    expect(
      announcementLatestResponse.parse({
        id: '3',
        text: 'Hello',
        published_date: '2026-11-21T00:00:00Z',
      }),
    ).toEqual({ id: 3, text: 'Hello', published_date: '2026-11-21T00:00:00Z' });
  });
});
