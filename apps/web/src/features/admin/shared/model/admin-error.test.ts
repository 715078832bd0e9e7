import { ADMIN_MESSAGES, StatusCode } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { adminErrorText } from './admin-error';

const apiError = (message: string, httpStatus = 200, statusCode: number = StatusCode.Fail) =>
  new ApiError({ message, httpStatus, statusCode });

describe('adminErrorText', () => {
  it('translates every message the contract names', () => {
    for (const [id, text] of Object.entries(ADMIN_MESSAGES)) {
      expect(adminErrorText(apiError(text))).toEqual({ key: `admin.errors.${id}` });
    }
  });

  it('reads any 403 as only-Admin', () => {
    expect(adminErrorText(apiError('nope', 403))).toEqual({ key: 'admin.errors.forbidden' });
  });

  it('quotes a field message of a 400 and hides server faults', () => {
    expect(adminErrorText(apiError('email must be a valid e-mail address', 400))).toEqual({
      key: 'admin.errors.refused',
      values: { message: 'email must be a valid e-mail address' },
    });
    expect(adminErrorText(apiError('Internal Server Error', 500))).toEqual({
      key: 'admin.errors.server',
    });
  });

  it('reads a failure without an answer as a network problem', () => {
    expect(adminErrorText(new Error('Unknown Error'))).toEqual({ key: 'admin.errors.network' });
  });
});
