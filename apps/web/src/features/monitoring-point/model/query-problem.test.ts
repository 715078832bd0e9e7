import { describe, expect, it } from 'vitest';
import { ApiError, ContractError } from '@/lib/api-errors';
import { queryProblem } from './query-problem';

const answered = (statusCode: number) =>
  new ApiError({ statusCode, message: 'no', httpStatus: 200 });

describe('queryProblem', () => {
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
