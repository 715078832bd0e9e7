import { numericId, type HubClientMethod } from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';
import { findFactoryNode } from '../monitor/index.ts';
import type { HubBroadcast } from './broadcast.ts';

/** Completion error for an id that is malformed or not a node of the caller's factory. */
export const DEVICE_NOT_FOUND = 'Device not found';
/** A connection watches a handful of pages at most; this stops a client hoarding memory. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 200;
/** node ids are PostgreSQL integers. */
const MAX_NODE_ID = 2_147_483_647;

/** What a hub method needs of the connection that called it. */
export interface CallingConnection {
  factoryId: number;
  subscriptions: Set<number>;
  /** Pushes one event to this connection only. */
  push(target: HubBroadcast['target'], payload: unknown): void;
}

const METHODS: Record<string, HubClientMethod> = {
  subscribetodevice: 'SubscribeToDevice',
  unsubscribefromdevice: 'UnsubscribeFromDevice',
};

/** The hub method a target names; matched case-insensitively, as ASP.NET Core does. */
export function hubMethodOf(target: string): HubClientMethod | undefined {
  return METHODS[target.toLowerCase()];
}

/** The device id argument, coerced like every numeric id (a number or a numeric string); null when unusable. */
export function deviceIdArgument(args: readonly unknown[]): number | null {
  if (args.length !== 1) return null;
  const parsed = numericId.safeParse(args[0]);
  return parsed.success && parsed.data <= MAX_NODE_ID ? parsed.data : null;
}

/**
 * Runs a client's invocation. Resolves to the completion's error text, or
 * undefined when it succeeded (a void completion). Never throws on client input.
 */
export async function invokeHubMethod(
  db: Queryable,
  connection: CallingConnection,
  target: string,
  args: readonly unknown[],
): Promise<string | undefined> {
  const method = hubMethodOf(target);
  if (!method) return `Unknown hub method '${target}'`;
  const deviceId = deviceIdArgument(args);
  if (deviceId === null) return DEVICE_NOT_FOUND;
  // Another factory's node is "not found": a tenant learns nothing about the others.
  if (!(await findFactoryNode(db, connection.factoryId, deviceId))) return DEVICE_NOT_FOUND;

  if (method === 'SubscribeToDevice') {
    if (
      !connection.subscriptions.has(deviceId) &&
      connection.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION
    ) {
      return `At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} devices per connection`;
    }
    connection.subscriptions.add(deviceId);
    connection.push('SubscriptionConfirmed', { deviceId });
  } else {
    connection.subscriptions.delete(deviceId);
    connection.push('UnsubscriptionConfirmed', { deviceId });
  }
  return undefined;
}
