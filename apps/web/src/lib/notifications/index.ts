/** The live notification store. */
export { NotificationsProvider, useNotifications } from './NotificationsProvider';
export { notificationReducer, emptyNotifications, unresolvedCount } from './notification-reducer';
export type { NotificationAction, NotificationState } from './notification-reducer';
