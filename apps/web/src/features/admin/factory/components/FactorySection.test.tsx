import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminFactory, AdminJob } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';

function factoryServer() {
  let factory: AdminFactory = {
    id: 1,
    slug: 'demo',
    name: 'Demo plant',
    nameZh: '示範工廠',
    timeZone: 'Asia/Taipei',
    co2Factor: 0.474,
    contractCapacityKw: 500,
  };
  let jobs: AdminJob[] = [];
  // Saving a different CO2 factor enters it as this year's (2026) factor.
  let factors = [{ year: 2024, kgPerKwh: 0.474, source: '', sourceZh: '' }];
  const factorList = (path: string) => {
    const own = factors.find((entry) => entry.year === 2026);
    const used = own ?? factors[0]!;
    return ok(path, {
      factors,
      currentYear: 2026,
      current: { kgPerKwh: used.kgPerKwh, fromYear: used.year },
    });
  };
  const answers: Answers = {
    '/v1/Admin/EmissionFactor/List': () => factorList('/v1/Admin/EmissionFactor/List'),
    '/v1/Admin/Factory/Get': () => ok('/v1/Admin/Factory/Get', { factory, job: null }),
    '/v1/Admin/Job/List': () => ok('/v1/Admin/Job/List', { jobs }),
    '/v1/Admin/Factory/Update': (body) => {
      const zoneChanged = body.timeZone !== factory.timeZone;
      if (body.co2Factor !== factory.co2Factor) {
        factors = [
          ...factors.filter((entry) => entry.year !== 2026),
          { year: 2026, kgPerKwh: Number(body.co2Factor), source: '', sourceZh: '' },
        ];
      }
      factory = { ...factory, ...(body as Partial<AdminFactory>) };
      const job: AdminJob | null = zoneChanged
        ? {
            id: 7,
            kind: 'time-zone',
            state: 'running',
            done: 30,
            total: 90,
            detail: {},
            error: null,
            startedAt: new Date().toISOString(),
            finishedAt: null,
          }
        : null;
      if (job) jobs = [job];
      return ok('/v1/Admin/Factory/Update', { factory, job });
    },
  };
  return answers;
}

describe('Admin › Factory', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('saves a new time zone found by search, says what it affects and shows the recompute progress', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', factoryServer());
    expect(await screen.findByLabelText('Name (English)')).toHaveValue('Demo plant');
    expect(screen.getByText('Chosen: Asia/Taipei (UTC+08:00)')).toBeInTheDocument();
    expect(screen.queryByText(/A new time zone moves/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'Search time zones' }), 'berlin');
    const list = screen.getByRole('listbox', { name: 'Time zones' });
    await user.selectOptions(list, 'Europe/Berlin');
    expect(screen.getByText(/^Chosen: Europe\/Berlin \(UTC\+0[12]:00\)$/)).toBeInTheDocument();
    expect(screen.getByText(/A new time zone moves "today"/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Contract capacity (kW)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, '/v1/Admin/Factory/Update')).toEqual([
        expect.objectContaining({
          timeZone: 'Europe/Berlin',
          contractCapacityKw: null,
          co2Factor: 0.474,
        }),
      ]),
    );
    expect(await screen.findByTestId('admin-job')).toHaveTextContent(
      'Recomputing hourly and daily figures for the new time zone: 30 of 90 days (33 %).',
    );
  });

  it('enters a new CO2 factor as this year’s and shows it in the factors by year below', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', factoryServer());
    const co2 = await screen.findByLabelText('CO2 factor of this year (kg/kWh)');
    expect(
      screen.getByText(
        "Entered as this year's factor; earlier years keep theirs (see Emission factors by year below).",
      ),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('emission-factor-current')).toHaveTextContent(
      "2026 uses 2024's factor 0.474 until 2026's is entered (provisional).",
    );
    await user.clear(co2);
    await user.type(co2, '0.46');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, '/v1/Admin/Factory/Update')).toEqual([
        expect.objectContaining({ co2Factor: 0.46 }),
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('emission-factor-current')).toHaveTextContent(
        '2026 uses its own factor, 0.46 kg CO2e/kWh.',
      ),
    );
    expect(screen.getAllByTestId('emission-factor-row').map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^20260\.46/),
      expect.stringMatching(/^20240\.474/),
    ]);
  });

  it('shows field messages and sends nothing for bad numbers', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', factoryServer());
    const co2 = await screen.findByLabelText('CO2 factor of this year (kg/kWh)');
    await user.clear(co2);
    await user.type(co2, '7');
    await user.clear(screen.getByLabelText('Contract capacity (kW)'));
    await user.type(screen.getByLabelText('Contract capacity (kW)'), '-3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 5.')).toBeInTheDocument();
    expect(screen.getByText('Must be more than 0.')).toBeInTheDocument();
    expect(sentTo(network, '/v1/Admin/Factory/Update')).toEqual([]);
  });
});
