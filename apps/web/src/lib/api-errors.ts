import { StatusCode } from '@wattboard/contract';
import type { z } from 'zod';

/** A business or HTTP failure the server reported (its statusCode plus a message). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly httpStatus: number;
  /** Seconds until another sign-in attempt is allowed (HTTP 429 only). */
  readonly retryAfterSeconds: number | undefined;
  readonly requestId: string | undefined;

  constructor(init: {
    statusCode: number;
    message: string;
    httpStatus: number;
    retryAfterSeconds?: number | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.statusCode = init.statusCode;
    this.httpStatus = init.httpStatus;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.requestId = init.requestId;
  }
}

export type ContractFailure = 'invalid parameter' | 'invalid response';

/**
 * A request or response that does not match the contract. These are
 * rethrown to the error fallback screen, reported as invalid parameter or
 * invalid response.
 */
export class ContractError extends Error {
  override name = 'ContractError';
  readonly kind: ContractFailure;
  readonly path: string;

  constructor(kind: ContractFailure, path: string, issues: readonly z.core.$ZodIssue[]) {
    super(`${kind} (${path}): ${describeIssues(issues)}`);
    this.kind = kind;
    this.path = path;
  }
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

/** HTTP 401, or a statusCode of TokenExpired: the session is gone, retrying cannot help. */
export function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.httpStatus === 401 || error.statusCode === StatusCode.TokenExpired)
  );
}

/**
 * statusCode PasswordChangeRequired (HTTP 403): the session still has a
 * one-time password, so the server answers only the account, change-password
 * and sign-out calls. Retrying cannot help; the forced-change screen can.
 */
export function isPasswordChangeRequired(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === StatusCode.PasswordChangeRequired;
}
