// The announcements feature's public surface: the lead places the banner in the signed-in header.
export { AnnouncementBanner } from './components/AnnouncementBanner';
export { latestAnnouncementQueryOptions } from './api/latest-announcement';
