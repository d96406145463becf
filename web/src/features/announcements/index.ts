/** Announcements from the team: the banner above the home feed, and its cache keys for live pushes. */
export { AnnouncementBanner } from './components/announcement-banner';
export { announcementKeys } from './api/announcements-api';
