/**
 * Closing connections whose right to exist has ended: the session was signed
 * out or expired (and, later, the user was disabled). A close order travels
 * the backplane like a broadcast, so every instance closes its own sockets.
 */

/**
 * Whose connections: every one of a user, or only those opened with one
 * session token — with `factoryId`, only those of the token opened while the
 * session looked at that factory (a factory switch, decision 0089: the
 * connection the client opens after the switch must survive a late order).
 */
export type CloseTarget = { userId: number } | { tokenHash: string; factoryId?: number };

export interface HubCloseOrder {
  scope: 'close';
  target: CloseTarget;
  /** Sent to the client as the Close message's error. */
  reason: string;
}

/**
 * Close texts (the client's onclose error). The hub has no per-connection
 * language, so each carries English and Traditional Chinese, like the e-mails.
 */
export const CLOSE_REASONS = {
  signedOut: 'Signed out: this connection is closed. 已登出，此連線已關閉。',
  expired: 'The session has expired: sign in again. 登入已逾時，請重新登入。',
  sessionEnded: 'The session is no longer valid: sign in again. 登入已失效，請重新登入。',
  factorySwitched:
    'This session now looks at another factory: connect again for its events. 已切換工廠，請重新連線以接收該工廠的通知。',
} as const;

/** The longest delay setTimeout takes (about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** How long until the session-expiry timer should fire: never negative, never past the timer limit. */
export function expiryTimerMs(expiresAt: number, now: number): number {
  return Math.min(Math.max(0, expiresAt - now), MAX_TIMER_MS);
}

/** Does the order close this connection? */
export function closesClient(
  target: CloseTarget,
  client: { userId: number; tokenHash: string; factoryId: number },
): boolean {
  if ('userId' in target) return client.userId === target.userId;
  return (
    client.tokenHash === target.tokenHash &&
    (target.factoryId === undefined || client.factoryId === target.factoryId)
  );
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** A close order read back from the backplane, or null when the value is not a well-formed one. */
export function parseCloseOrder(value: Record<string, unknown>): HubCloseOrder | null {
  const { scope, target, reason } = value;
  if (scope !== 'close' || typeof reason !== 'string') return null;
  if (typeof target !== 'object' || target === null) return null;
  const { userId, tokenHash, factoryId } = target as Record<string, unknown>;
  if (
    typeof userId === 'number' &&
    Number.isSafeInteger(userId) &&
    tokenHash === undefined &&
    factoryId === undefined
  ) {
    return { scope, target: { userId }, reason };
  }
  if (typeof tokenHash === 'string' && HEX_SHA256.test(tokenHash) && userId === undefined) {
    if (factoryId === undefined) return { scope, target: { tokenHash }, reason };
    if (typeof factoryId === 'number' && Number.isSafeInteger(factoryId)) {
      return { scope, target: { tokenHash, factoryId }, reason };
    }
  }
  return null;
}
