import { StatusCode } from '@wattboard/contract';

/** One request of factory A's user (or gateway) aimed at factory B. */
export interface CrossTenantRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** The envelope of A's session is added to POST bodies unless `raw`. */
  body?: Record<string, unknown>;
  raw?: boolean;
  /** Defaults to A's bearer token. */
  authorization?: string | null;
  /** Whose session sends it: A's plain user (the default) or A's Admin user. */
  as?: 'user' | 'admin';
  /** The HTTP status the answer must have, when it matters (403 for a non-Admin). */
  http?: number;
  /**
   * What the answer must be: a statusCode refusing the target (FactoryNotFound,
   * not found...), or 'own' — a normal answer that may only hold A's data.
   */
  expect: readonly number[] | 'own';
}

export const FACTORY = [StatusCode.FactoryNotFound];
export const NODE = [StatusCode.IoTDeviceNotFound, StatusCode.SmartMeterNotFound];
/** Another factory's user, node or other row: answered as if it did not exist. */
export const MISSING = [
  StatusCode.UserNotFound,
  StatusCode.IoTDeviceNotFound,
  StatusCode.SmartMeterNotFound,
  StatusCode.DataNotFound,
];

/** Today (UTC) as both ends of a day range. */
export function range() {
  const today = new Date().toISOString().slice(0, 10);
  return { start: today, end: today };
}
