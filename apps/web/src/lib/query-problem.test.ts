import { StatusCode } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, ContractError } from './api-errors';
import { queryProblem } from './query-problem';

const apiError = (statusCode: number, httpStatus: number) =>
  new ApiError({ statusCode, httpStatus, message: 'm' });

const answered = (statusCode: number) =>
  new ApiError({ statusCode, message: 'no', httpStatus: 200 });

describe('queryProblem', () => {
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

  it('tells an unknown or foreign node from a refusal and from a failure', () => {
    expect(queryProblem(answered(1009))).toBe('notFound');
    expect(queryProblem(answered(1008))).toBe('notFound');
    expect(queryProblem(answered(201))).toBe('refused');
    expect(queryProblem(new ApiError({ statusCode: 201, message: 'x', httpStatus: 500 }))).toBe(
      'failed',
    );
    expect(queryProblem(new Error('Unknown Error'))).toBe('failed');
    expect(queryProblem(new ContractError('invalid response', '/x', []))).toBe('failed');
  });
});
