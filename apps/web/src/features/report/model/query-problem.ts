import { StatusCode } from '@wattboard/contract';
import { ApiError } from '@/lib/api-errors';

/**
 * How the page explains a failed Report call: the meter does not exist (or
 * is another factory's, which the server reports the same way); the server
 * refused the request as asked (a business answer, or HTTP 400 for a range it
 * will not serve) and says why; or the call failed and may work on a retry.
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
