/**
 * Hub payloads as the server sends them (wire shapes, before parsing), for
 * tests of the connection, the store and the notification UI.
 */
export function alertWire(id: number | string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    titleText: `Voltage high #${id}`,
    descText: `Meter 1 voltage 241 V is above 240 V (#${id})`,
    title: `電壓過高 #${id}`,
    desc: `一號電表電壓 241 V 高於 240 V（#${id}）`,
    time: '2026-05-04T06:30:00Z',
    state: 'unresolved',
    ...overrides,
  };
}

export function announcementWire(id: number | string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    content: `Maintenance window #${id}`,
    time: '2026-05-03T01:00:00Z',
    ...overrides,
  };
}

export const alertReceived = (id: number | string, overrides: Record<string, unknown> = {}) => ({
  type: 'Abnormal',
  ...alertWire(id, overrides),
});

export const announcementReceived = (
  id: number | string,
  overrides: Record<string, unknown> = {},
) => ({ type: 'Official', ...announcementWire(id, overrides) });

export function listWire(alertList: unknown[], announcementList: unknown[] = []) {
  return { type: 'list', data: { alertList, announcementList } };
}

export const connectionInitialized = (connectionId = 'c-1') => ({
  connectionId,
  message: 'Connected to the notification hub',
});
