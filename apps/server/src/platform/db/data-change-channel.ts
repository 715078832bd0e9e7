import type { DataChangeHandlers } from './db.ts';

/** The channel migration 037's triggers notify on. */
export const DATA_CHANGE_CHANNEL = 'wattboard_data';

/** Hands one notification's payload (a factory id, or `*` for all) to the handlers. */
export function dispatchDataChange(payload: string, handlers: DataChangeHandlers): void {
  // Anything but a plain factory id (a TRUNCATE's `*`, or a payload we do not know) means all.
  const factoryId = /^\d{1,15}$/.test(payload) ? Number(payload) : null;
  if (factoryId === null) handlers.everything();
  else handlers.changed(factoryId);
}
