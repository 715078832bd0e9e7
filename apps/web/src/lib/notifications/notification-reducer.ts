import { MAX_NOTIFICATIONS } from '@wattboard/contract';
import type {
  AbnormalNotification,
  AlertListItem,
  AnnouncementListItem,
  OfficialNotification,
} from '@wattboard/contract';

/** Both lists, the new-notification flag and the count of unresolved alarms. */
export interface NotificationState {
  abnormal: AbnormalNotification[];
  official: OfficialNotification[];
  hasNew: boolean;
  total: number;
}

/** The store's six actions. `initial` marks the first list batch after (re)connecting. */
export type NotificationAction =
  | { type: 'addAbnormal'; notification: AlertListItem }
  | { type: 'addOfficial'; notification: AnnouncementListItem }
  | { type: 'replaceAbnormal'; list: readonly AlertListItem[]; initial: boolean }
  | { type: 'replaceOfficial'; list: readonly AnnouncementListItem[]; initial: boolean }
  | { type: 'clearNew' }
  | { type: 'reset' };

export const emptyNotifications: NotificationState = {
  abnormal: [],
  official: [],
  hasNew: false,
  total: 0,
};

const toAbnormal = (item: AlertListItem, index: number): AbnormalNotification => ({
  ...item,
  type: 'Abnormal',
  counter: index + 1,
});

const toOfficial = (item: AnnouncementListItem, index: number): OfficialNotification => ({
  ...item,
  type: 'Official',
  counter: index + 1,
});

/** Front insertion, at most 20; a notification already listed (same id) moves to the front. */
function addToFront<T extends { id: number }>(list: readonly T[], item: T): T[] {
  return [item, ...list.filter((existing) => existing.id !== item.id)].slice(0, MAX_NOTIFICATIONS);
}

/** The total counts the notifications whose state is unresolved. */
export function unresolvedCount(abnormal: readonly AbnormalNotification[]): number {
  return abnormal.filter((notification) => notification.state === 'unresolved').length;
}

function withAbnormal(state: NotificationState, items: readonly AlertListItem[], hasNew: boolean) {
  const abnormal = items.map(toAbnormal);
  return { ...state, abnormal, total: unresolvedCount(abnormal), hasNew };
}

/**
 * The notification store's rules, pure: adding one puts it first,
 * keeps 20 and sets the new flag; replacing keeps the first 20 and sets the
 * flag only for a non-empty batch that is not the initial load.
 */
export function notificationReducer(
  state: NotificationState,
  action: NotificationAction,
): NotificationState {
  switch (action.type) {
    case 'addAbnormal':
      return withAbnormal(state, addToFront(state.abnormal, action.notification), true);
    case 'addOfficial': {
      const official = addToFront(state.official, action.notification).map(toOfficial);
      return { ...state, official, hasNew: true };
    }
    case 'replaceAbnormal': {
      const flag = !action.initial && action.list.length > 0;
      return withAbnormal(state, action.list.slice(0, MAX_NOTIFICATIONS), state.hasNew || flag);
    }
    case 'replaceOfficial': {
      const flag = !action.initial && action.list.length > 0;
      const official = action.list.slice(0, MAX_NOTIFICATIONS).map(toOfficial);
      return { ...state, official, hasNew: state.hasNew || flag };
    }
    case 'clearNew':
      return state.hasNew ? { ...state, hasNew: false } : state;
    case 'reset':
      return emptyNotifications;
  }
}
