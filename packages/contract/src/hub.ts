import { z } from 'zod';
import { numericId } from './numeric.ts';
import { isoDateTime } from './time.ts';

/** Where the live-notification hub lives. */
export const HUB_PATH = '/notificationHub';
/** At most this many notifications of each kind are kept. */
export const MAX_NOTIFICATIONS = 20;
/** Waits before each reconnect attempt after a lost connection, then give up. */
export const RECONNECT_DELAYS_MS: readonly number[] = [0, 2000, 10000, 30000];
/** The new-notification flag clears this long after it is set. */
export const NEW_FLAG_CLEAR_MS = 3000;

/** The client's reading of an alert's state: resolved only if the server says so. */
export const alertState = z
  .string()
  .optional()
  .transform((state): 'resolved' | 'unresolved' =>
    state === 'resolved' ? 'resolved' : 'unresolved',
  );
export type AlertState = z.output<typeof alertState>;

/** An abnormal event as the lists carry it: English titleText/descText, Chinese title/desc. */
export const alertListItem = z.object({
  id: numericId,
  titleText: z.string(),
  descText: z.string(),
  title: z.string(),
  desc: z.string(),
  time: isoDateTime,
  state: alertState,
});
export type AlertListItem = z.infer<typeof alertListItem>;

export const announcementListItem = z.object({
  id: numericId,
  content: z.string(),
  time: isoDateTime,
});
export type AnnouncementListItem = z.infer<typeof announcementListItem>;

/** Latest lists: the initial load after connecting, and the refresh after a change. */
export const notificationListPayload = z.object({
  type: z.literal('list'),
  data: z.object({
    alertList: z.array(alertListItem),
    announcementList: z.array(announcementListItem),
  }),
});
export type NotificationListPayload = z.infer<typeof notificationListPayload>;

export const alertReceivedPayload = alertListItem.extend({ type: z.literal('Abnormal') });
export type AlertReceivedPayload = z.infer<typeof alertReceivedPayload>;

export const announcementReceivedPayload = announcementListItem.extend({
  type: z.literal('Official'),
});
export type AnnouncementReceivedPayload = z.infer<typeof announcementReceivedPayload>;

/** NotificationReceived carries a list batch or a single notification of either kind. */
export const notificationReceivedPayload = z.discriminatedUnion('type', [
  notificationListPayload,
  alertReceivedPayload,
  announcementReceivedPayload,
]);
export type NotificationReceivedPayload = z.infer<typeof notificationReceivedPayload>;

/** Answer to SubscribeToDevice / UnsubscribeFromDevice. */
export const deviceSubscriptionPayload = z.object({ deviceId: numericId });
export type DeviceSubscriptionPayload = z.infer<typeof deviceSubscriptionPayload>;

/**
 * New data at or below a subscribed node: its own reading, or one of a node
 * under it, as of `time` (the newest reading's). It carries no values: every
 * figure a page shows (energy, demand, balance, charts, alarm states) comes
 * from the rollups, so the page refetches, throttled, rather than patch a few
 * numbers in place. Extra fields (an older server's `valueKw`, `channels`)
 * are stripped, not refused.
 */
export const deviceReadingPayload = z.object({
  deviceId: numericId,
  time: isoDateTime,
});
export type DeviceReadingPayload = z.infer<typeof deviceReadingPayload>;

/** Sent once per connection before the initial lists are pushed. */
export const connectionInitializedPayload = z.object({
  connectionId: z.string().min(1),
  message: z.string(),
});
export type ConnectionInitializedPayload = z.infer<typeof connectionInitializedPayload>;

/**
 * Something on the factory's Control page changed (issue #12): a person changed a
 * group or channel, or a device confirmed, refused or missed a command. Sent to
 * every connection of the factory; a page refetches /v1/Channel/Group (and the
 * open channel's schedule when its id is listed) instead of reloading.
 */
export const controlChangedPayload = z.object({
  /** 'person': a Control call changed it; 'device': a command's outcome changed a status. */
  source: z.enum(['person', 'device']),
  channelGroupIds: z.array(numericId),
  channelScheduleIds: z.array(numericId),
  time: isoDateTime,
});
export type ControlChangedPayload = z.infer<typeof controlChangedPayload>;

/** Every server-to-client event and its single argument's schema (docs/product/live-hub.md). */
export const hubServerEvents = {
  NotificationReceived: notificationReceivedPayload,
  AlertReceived: alertReceivedPayload,
  AnnouncementReceived: announcementReceivedPayload,
  SubscriptionConfirmed: deviceSubscriptionPayload,
  UnsubscriptionConfirmed: deviceSubscriptionPayload,
  DeviceReading: deviceReadingPayload,
  ControlChanged: controlChangedPayload,
  ConnectionInitialized: connectionInitializedPayload,
  // Aliases the developer test screen listens to (dev mode only).
  FactoryAlert: alertReceivedPayload,
  FactoryAnnouncement: announcementReceivedPayload,
  notification: notificationReceivedPayload,
  alert: alertReceivedPayload,
  announcement: announcementReceivedPayload,
} as const;
export type HubServerEvent = keyof typeof hubServerEvents;
export type HubServerPayload<E extends HubServerEvent> = z.infer<(typeof hubServerEvents)[E]>;

/** Client-to-server invocations; each takes a device (node) id. */
export const hubClientMethods = {
  SubscribeToDevice: numericId,
  UnsubscribeFromDevice: numericId,
} as const;
export type HubClientMethod = keyof typeof hubClientMethods;

/** An abnormal notification in the client's list; counter is its 1-based position. */
export type AbnormalNotification = AlertReceivedPayload & { counter: number };
/** An official notification in the client's list. */
export type OfficialNotification = AnnouncementReceivedPayload & { counter: number };
