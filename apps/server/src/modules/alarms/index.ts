// What other modules may use of the alarms module: lint forbids reaching past this file.
export {
  acknowledgeEvent,
  type EventDraft,
  resolveEvent,
  upsertNodeEvents,
} from './repo/events.ts';
export { announceNewEvents, queueNewEventMail } from './new-events.ts';
export { OFFLINE_AFTER_MS } from './repo/offline.ts';
export { factoryLocalMinute } from './texts.ts';
