import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HubProvider } from '@/lib/hub';
import type { HubState } from '@/lib/hub';
import { fakeHubConnections } from '@/testing/hub/fake-hub-connection';
import { createQueryClient } from '@/lib/query-client';
import { storeSession } from '@/testing/session';
import { indicatorState } from './connection-indicator';
import { UserPanel } from './UserPanel';

describe('indicatorState', () => {
  it.each<[HubState, string]>([
    ['Connected', 'connected'],
    ['Connecting', 'connecting'],
    ['Reconnecting', 'connecting'],
    ['Disconnected', 'disconnected'],
    ['Disconnecting', 'disconnected'],
  ])('shows %s as %s', (hubState, shown) => {
    expect(indicatorState(hubState)).toBe(shown);
  });
});

describe('the sidebar connection indicator', () => {
  it('follows the live connection: yellow while connecting, green when connected, red when lost', async () => {
    storeSession();
    const fakes = fakeHubConnections({ nextStart: 'hold' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <HubProvider createConnection={fakes.createConnection}>
          <UserPanel />
        </HubProvider>
      </QueryClientProvider>,
    );
    const status = screen.getByTestId('connection-status');
    const colour = () => status.parentElement?.className;
    expect(status).toHaveTextContent('connecting');
    expect(colour()).toContain('wb-connection--connecting');

    await act(async () => fakes.latest.finishStart());
    expect(status).toHaveTextContent('connected');
    expect(colour()).toContain('wb-connection--connected');

    act(() => fakes.latest.loseConnection());
    expect(status).toHaveTextContent('connecting');
    act(() => fakes.latest.close());
    expect(status).toHaveTextContent('disconnected');
    expect(colour()).toContain('wb-connection--disconnected');
  });
});
