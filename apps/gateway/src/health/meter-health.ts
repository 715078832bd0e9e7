import type { GatewayMeterHealth, MeterErrorCounts } from '@wattboard/contract/gateway-config';

/**
 * One meter's health as the gateway keeps it: the last good poll, the last error and the errors by
 * kind since the gateway started. Pure functions over a plain object, so the counting is tested
 * without a bus; the poller calls them and the reporter sends `toReport`.
 */
export type ErrorKind = 'timeout' | 'crc' | 'connection' | 'exception';

export interface MeterHealth {
  lastGoodAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  errors: MeterErrorCounts;
}

export const newMeterHealth = (): MeterHealth => ({
  lastGoodAt: null,
  lastErrorAt: null,
  lastError: null,
  errors: { timeout: 0, crc: 0, connection: 0, exception: {} },
});

export function recordGood(health: MeterHealth, at: Date): MeterHealth {
  return { ...health, lastGoodAt: at };
}

/**
 * Counts one failed poll; `code` is the Modbus exception code when `kind` is 'exception'. A kind of
 * null (not a bus fault: a value the reading rules refuse) is the last error but counts as none.
 */
export function recordError(
  health: MeterHealth,
  failure: { kind: ErrorKind | null; message: string; code?: number | undefined },
  at: Date,
): MeterHealth {
  const errors = { ...health.errors, exception: { ...health.errors.exception } };
  if (failure.kind === null) {
    // counted nowhere
  } else if (failure.kind === 'exception') {
    const key = String(failure.code ?? 0);
    errors.exception[key] = (errors.exception[key] ?? 0) + 1;
  } else {
    errors[failure.kind]++;
  }
  // The server keeps 500 characters and refuses control characters (a whole report would be
  // refused for one odd byte in a device's message): cut and blank them here.
  // eslint-disable-next-line no-control-regex
  const clean = failure.message.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
  return { ...health, errors, lastErrorAt: at, lastError: clean.slice(0, 500) };
}

export function toReport(serial: string, health: MeterHealth): GatewayMeterHealth {
  return {
    serial,
    lastGoodAt: health.lastGoodAt?.toISOString() ?? null,
    lastErrorAt: health.lastErrorAt?.toISOString() ?? null,
    lastError: health.lastError,
    errors: health.errors,
  };
}

/**
 * The kind of a poll's failure. The bus tags its errors with `kind` (and `code` for an exception);
 * anything untagged (a reading the server's rules refuse, a decode error) is not a bus fault and
 * counts as none of these, though it still becomes the last error.
 */
export function classifyFailure(
  error: unknown,
): { kind: ErrorKind; code?: number | undefined } | null {
  const e = error as { kind?: unknown; code?: unknown };
  if (e?.kind === 'exception') return { kind: 'exception', code: Number(e.code) };
  if (e?.kind === 'timeout' || e?.kind === 'crc' || e?.kind === 'connection')
    return { kind: e.kind };
  return null;
}

/**
 * Gateway clock minus server clock from one request: the server's time is taken as of the middle
 * of the round trip, so a slow network adds at most half its round trip of error.
 */
export function clockOffsetMs(sentAt: number, receivedAt: number, serverTime: number): number {
  return Math.round((sentAt + receivedAt) / 2 - serverTime);
}
