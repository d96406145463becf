/** The notifications feature's public surface: the header bell and its panel. */
export { NotificationsBell } from './components/notifications-bell';
export { notificationKeys } from './api/keys';
export { addNotificationToCache } from './api/notification-cache';
