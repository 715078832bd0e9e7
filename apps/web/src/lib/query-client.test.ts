import { describe, expect, it } from 'vitest';
import { ApiError, ContractError } from './api-errors';
import { shouldRetry, shouldThrowToBoundary } from './query-client';

const unauthorized = new ApiError({ statusCode: 1007, message: 'Token expired', httpStatus: 401 });
const serverFault = new ApiError({
  statusCode: 201,
  message: 'Internal server error',
  httpStatus: 500,
});

describe('query defaults', () => {
  it('never retry a 401', () => {
    expect(shouldRetry(0, unauthorized)).toBe(false);
  });

  it('retry any other failure exactly once', () => {
    expect(shouldRetry(0, serverFault)).toBe(true);
    expect(shouldRetry(1, serverFault)).toBe(false);
    expect(shouldRetry(0, new Error('Unknown Error'))).toBe(true);
  });

  it('send only contract failures to the error screen', () => {
    expect(shouldThrowToBoundary(new ContractError('invalid response', '/x', []))).toBe(true);
    expect(shouldThrowToBoundary(serverFault)).toBe(false);
  });
});
