import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { ADMIN_MESSAGES, channelList, StatusCode } from '@wattboard/contract';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '@/lib/api-client';
import { ApiError, isPasswordChangeRequired } from '@/lib/api-errors';
import { createQueryClient, shouldRetry } from '@/lib/query-client';
import { envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { PasswordChangeGate } from './PasswordChangeGate';

const EMAIL = 'bob@example.com';
const ACCOUNT = '/v1/User/Account';
const REFUSAL = {
  statusCode: StatusCode.PasswordChangeRequired,
  message: ADMIN_MESSAGES.passwordChangeRequired,
};

function Channels() {
  const channels = useQuery({
    queryKey: ['channels'],
    queryFn: () => callApi(channelList, { factoryId: 0 }),
  });
  return <p>{channels.isError ? 'The app (refused)' : 'The app'}</p>;
}

describe('a data call refused for a one-time password', () => {
  it('is neither retried nor treated as signed out', () => {
    const refusal = new ApiError({ ...REFUSAL, httpStatus: 403 });
    expect(isPasswordChangeRequired(refusal)).toBe(true);
    expect(shouldRetry(0, refusal)).toBe(false);
    const other = new ApiError({ statusCode: 201, message: 'x', httpStatus: 403 });
    expect(isPasswordChangeRequired(other)).toBe(false);
  });

  it('reads the account again and closes the forced-change screen over the app', async () => {
    let accountCalls = 0;
    const network = stubNetwork((path) => {
      if (path === ACCOUNT) {
        accountCalls += 1;
        // The first check fails (the app opens, as for any failed check); the server knows better.
        if (accountCalls === 1) return jsonResponse({ statusCode: 201, message: 'busy' }, 503);
        return jsonResponse({
          ...envelope(EMAIL, ACCOUNT),
          userId: 5,
          username: 'Bob',
          isAdmin: false,
          role: 'viewer',
          mustChangePassword: true,
          lastSignInAt: null,
        });
      }
      return jsonResponse({ ...REFUSAL, action: path }, 403);
    });
    storeSession({ email: EMAIL, username: 'Bob' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PasswordChangeGate onSignOut={vi.fn()}>
          <Channels />
        </PasswordChangeGate>
      </QueryClientProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/The app/)).toBeNull();
    const refused = network.requests.filter((r) => r.path === channelList.path);
    expect(refused).toHaveLength(1);
    expect(accountCalls).toBe(2);
  });
});
