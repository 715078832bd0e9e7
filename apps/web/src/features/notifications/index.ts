/** The notification bell, its panel and the alarm toasts (spec §2). */
export { NotificationBell } from './components/NotificationBell';
export { AlertToasts } from './components/AlertToasts';
