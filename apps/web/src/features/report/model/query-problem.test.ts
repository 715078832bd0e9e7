import { StatusCode } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { queryProblem } from './query-problem';

const apiError = (statusCode: number, httpStatus: number) =>
  new ApiError({ statusCode, httpStatus, message: 'm' });

describe('report query problems', () => {
  it('says "not found" for an unknown or foreign meter, however it travels', () => {
    expect(queryProblem(apiError(StatusCode.SmartMeterNotFound, 200))).toBe('notFound');
    expect(queryProblem(apiError(StatusCode.FactoryNotFound, 404))).toBe('notFound');
  });

  it('shows the server reason for a business refusal or a rejected field', () => {
    expect(queryProblem(apiError(StatusCode.Fail, 200))).toBe('refused');
    expect(queryProblem(apiError(StatusCode.Fail, 400))).toBe('refused');
  });

  it('offers a retry for server faults and network failures', () => {
    expect(queryProblem(apiError(StatusCode.Fail, 500))).toBe('failed');
    expect(queryProblem(new Error('Unknown Error'))).toBe('failed');
  });
});
