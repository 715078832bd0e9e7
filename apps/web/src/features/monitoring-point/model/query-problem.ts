import { StatusCode } from '@wattboard/contract';
import { ApiError } from '@/lib/api-errors';

/**
 * How a card explains a failed call: the node does not exist (or is another
 * factory's, which the server reports the same way), the server refused the
 * request as asked (HTTP 200 with a Fail code, e.g. a 1-minute chart over a
 * long range), or the call failed and may succeed on a retry.
 */
export type QueryProblem = 'notFound' | 'refused' | 'failed';

const NOT_FOUND_CODES: readonly number[] = [
  StatusCode.IoTDeviceNotFound,
  StatusCode.SmartMeterNotFound,
  StatusCode.FactoryNotFound,
];

export function queryProblem(error: unknown): QueryProblem {
  if (!(error instanceof ApiError) || error.httpStatus !== 200) return 'failed';
  return NOT_FOUND_CODES.includes(error.statusCode) ? 'notFound' : 'refused';
}
