/**
 * The query key of the latest announcement (the header banner). Shared so the
 * notification store can invalidate it when the hub reports new announcements
 * without the store depending on the announcements feature.
 */
export const latestAnnouncementKey = ['announcement', 'latest'] as const;
