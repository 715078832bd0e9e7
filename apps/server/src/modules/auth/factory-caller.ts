import { StatusCode, type CallDefinition } from '@wattboard/contract';
import type { AuthContext } from './plugin.ts';
import { resolveFactoryId } from './factory-access.ts';
import { ZoneClock } from '../../platform/time/zone-time.ts';
import { businessFailure, type BusinessFailure } from './register-call.ts';
import { FACTORY_NOT_FOUND_MESSAGE } from '../../platform/http/not-found-messages.ts';

/** A signed-in caller of a factory-wide call, with the factory's clock. */
export interface FactoryCaller {
  auth: AuthContext;
  factoryId: number;
  clock: ZoneClock;
}

/**
 * The caller and the factory asked for: 1008 FactoryNotFound unless it is the
 * caller's own (0 means "mine"). Shared by the Overview and Cost calls.
 */
export function factoryCallerOf(
  call: CallDefinition,
  auth: AuthContext | null,
  requestedFactoryId: number,
): FactoryCaller | BusinessFailure {
  if (!auth) throw new Error(`${call.path} reached without authentication`);
  const factoryId = resolveFactoryId(requestedFactoryId, auth.factory.id);
  if (factoryId === null) {
    return businessFailure(call.path, auth, StatusCode.FactoryNotFound, FACTORY_NOT_FOUND_MESSAGE);
  }
  return { auth, factoryId, clock: new ZoneClock(auth.factory.timeZone) };
}
