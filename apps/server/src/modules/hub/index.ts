// What other modules may use of the hub module: lint forbids reaching past this file.
export { CLOSE_REASONS, type CloseTarget } from './close-order.ts';
export { alertItemFromEvent, EVENT_ROW_COLUMNS, type EventRow } from './repo/notification-lists.ts';
