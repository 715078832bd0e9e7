import {
  callUrl,
  errorResponse,
  isSessionExpired,
  pathParamNames,
  StatusCode,
} from '@wattboard/contract';
import type { CallDefinition, CallRequest, CallResponse } from '@wattboard/contract';
import { currentApiBase } from './api-base';
import { ApiError, ContractError } from './api-errors';
import { callInit } from './call-request';
import { takeEarlyResponse } from './early-calls';
import { endSessionAndReload, readSession } from './session';

export { requestJson } from './call-request';

type EnvelopeKey = 'email' | 'action' | 'token';

/** What a caller supplies: the call's own fields; the envelope is filled in here. */
export type CallFields<C extends CallDefinition> = Omit<CallRequest<C>, EnvelopeKey> &
  Partial<Pick<CallRequest<C>, Extract<EnvelopeKey, keyof CallRequest<C>>>>;

const UNKNOWN_ERROR = 'Unknown Error';

export interface CallOptions {
  /**
   * Send the stored token (when there is a live session) on a call that does
   * not require one: the latest announcement is the caller's factory's when
   * signed in, the platform's otherwise.
   */
  tokenWhenSignedIn?: boolean;
}

/** The call's URL: `{id}`-style path parameters filled from the checked request, then the call's query string. */
function buildUrl(call: CallDefinition, request: unknown): string {
  const fields = asRecord(request);
  const params = Object.fromEntries(
    pathParamNames(call.path).map((name) => [name, fields[name] as string | number]),
  );
  return `${currentApiBase()}${callUrl(call, params)}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

function apiErrorFrom(body: unknown, httpStatus: number): ApiError {
  const parsed = errorResponse.safeParse(body);
  const raw = asRecord(body);
  const retryAfter = raw['retryAfterSeconds'];
  const statusCode = typeof raw['statusCode'] === 'number' ? raw['statusCode'] : StatusCode.Fail;
  return new ApiError({
    statusCode: parsed.success ? parsed.data.statusCode : statusCode,
    message: parsed.success ? parsed.data.message : `HTTP ${httpStatus}, statusCode ${statusCode}`,
    httpStatus,
    retryAfterSeconds: typeof retryAfter === 'number' ? retryAfter : undefined,
    requestId: parsed.success ? parsed.data.requestId : undefined,
  });
}

/**
 * Sends one call of the contract: builds the envelope (e-mail, action = the
 * call's path, token), checks the request and the response against the
 * contract, and turns every failure into an error the UI can tell apart.
 */
export async function callApi<C extends CallDefinition>(
  call: C,
  fields: CallFields<C>,
  options: CallOptions = {},
): Promise<CallResponse<C>> {
  const session = readSession();
  if (call.auth && session && isSessionExpired(session, new Date())) {
    endSessionAndReload();
    throw new ApiError({
      statusCode: StatusCode.TokenExpired,
      message: 'Session expired',
      httpStatus: 401,
    });
  }
  const optionalToken =
    options.tokenWhenSignedIn && session && !isSessionExpired(session, new Date())
      ? session.token
      : '';
  const token = call.auth ? (session?.token ?? '') : optionalToken;
  const envelope = { email: session?.email ?? '', action: call.path, token };
  // A GET has no body, hence no envelope: only the call's own fields are checked.
  const request = call.request.safeParse(
    call.method === 'GET' ? fields : { ...envelope, ...fields },
  );
  if (!request.success)
    throw new ContractError('invalid parameter', call.path, request.error.issues);

  const url = buildUrl(call, request.data);
  let response: Response;
  try {
    // A first load may have sent this very request already (lib/early-calls.ts).
    response = await (takeEarlyResponse(call.method, url, token, request.data) ??
      fetch(url, callInit(call.method, token, request.data)));
  } catch {
    throw new Error(UNKNOWN_ERROR);
  }
  const body = await readJson(response);

  if (response.status === 401 && call.auth) {
    endSessionAndReload();
    throw apiErrorFrom(body, 401);
  }
  if (!response.ok) throw apiErrorFrom(body, response.status);

  // A business failure travels as HTTP 200 with another statusCode and a message;
  // its body lacks the call's fields, so it is recognised before the full check.
  const statusCode = asRecord(body)['statusCode'];
  if (typeof statusCode === 'number' && statusCode !== StatusCode.OK) {
    throw apiErrorFrom(body, response.status);
  }
  const parsed = call.response.safeParse(body);
  if (!parsed.success) throw new ContractError('invalid response', call.path, parsed.error.issues);
  return parsed.data as CallResponse<C>;
}
