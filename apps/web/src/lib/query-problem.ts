import { StatusCode } from '@wattboard/contract';
import { ApiError } from './api-errors';

/**
 * How a page explains a failed read: the node or meter does not exist (or is
 * another factory's, which the server reports the same way, however the
 * answer travels); the server refused the request as asked and says why —
 * a business answer (HTTP 200 with a Fail code, e.g. a 1-minute chart over a
 * long range) or HTTP 400, whose message names the rejected field — so a
 * retry would not help; or the call failed and may succeed on a retry.
 */
export type QueryProblem = 'notFound' | 'refused' | 'failed';

const NOT_FOUND_CODES: readonly number[] = [
  StatusCode.IoTDeviceNotFound,
  StatusCode.SmartMeterNotFound,
  StatusCode.FactoryNotFound,
];

export function queryProblem(error: unknown): QueryProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (NOT_FOUND_CODES.includes(error.statusCode)) return 'notFound';
  return error.httpStatus === 200 || error.httpStatus === 400 ? 'refused' : 'failed';
}
