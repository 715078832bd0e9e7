import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchUpdate } from './use-search-update';

function Probe() {
  const [search] = useSearchParams();
  const update = useSearchUpdate();
  return (
    <>
      <output>{search.toString()}</output>
      <button
        onClick={() => {
          // Two changes before the router renders: a start date, then an end date.
          update({ startDate: '2026-09-01' });
          update({ endDate: '2026-10-31', channelId: null, view: undefined });
        }}
      >
        both
      </button>
      <button
        onClick={() => {
          update({ deviceId: 12 });
          void Promise.resolve().then(() => update({ startDate: '2026-09-01' }));
        }}
      >
        meter then start
      </button>
      <button onClick={() => update({ endDate: '2026-10-31' })}>end</button>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/report', element: <Probe /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useSearchUpdate', () => {
  it('keeps both of two changes made before the router renders', async () => {
    const router = renderAt('/report?deviceId=9&channelId=3&view=energy&is_dev=1');
    await act(async () => screen.getByRole('button', { name: 'both' }).click());
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('startDate')).toBe('2026-09-01');
    expect(search.get('endDate')).toBe('2026-10-31');
    // null removes, undefined leaves alone, and the other parameters stay.
    expect(search.has('channelId')).toBe(false);
    expect(search.get('view')).toBe('energy');
    expect(search.get('deviceId')).toBe('9');
    expect(search.get('is_dev')).toBe('1');
    expect(screen.getByRole('status').textContent).toContain('endDate=2026-10-31');
  });

  it('keeps a change made after an older one of its own has rendered but a newer one has not', async () => {
    const router = renderAt('/report?deviceId=9');
    await act(async () => screen.getByRole('button', { name: 'meter then start' }).click());
    // The meter's navigation has rendered; the start date's may not have. Now the end date.
    await act(async () => screen.getByRole('button', { name: 'end' }).click());
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('deviceId')).toBe('12');
    expect(search.get('startDate')).toBe('2026-09-01');
    expect(search.get('endDate')).toBe('2026-10-31');
  });

  it('starts from the URL again after a navigation it did not make', async () => {
    const router = renderAt('/report?deviceId=9');
    await act(async () => router.navigate('/report?deviceId=12'));
    await act(async () => screen.getByRole('button', { name: 'both' }).click());
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('deviceId')).toBe('12');
    expect(search.get('startDate')).toBe('2026-09-01');
  });
});
