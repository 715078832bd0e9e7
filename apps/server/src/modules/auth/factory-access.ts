/**
 * `factoryId` 0 means "the caller's factory"; any other id must be the
 * caller's own. Returns the factory id to use, or null when the
 * caller asked for a factory that is not theirs (statusCode 1008).
 */
export function resolveFactoryId(requested: number, ownFactoryId: number): number | null {
  if (requested === 0 || requested === ownFactoryId) return ownFactoryId;
  return null;
}
