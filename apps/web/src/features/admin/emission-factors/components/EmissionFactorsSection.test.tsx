import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMISSION_FACTOR_MESSAGES } from '@wattboard/contract';
import type { AdminFactory, EmissionFactorEntry } from '@wattboard/contract';
import { ToastContainer } from 'react-toastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';

const LIST = '/v1/Admin/EmissionFactor/List';
const SAVE = '/v1/Admin/EmissionFactor/Save';
const REMOVE = '/v1/Admin/EmissionFactor/Remove';
const FACTORY_GET = '/v1/Admin/Factory/Get';

const TAIWAN: EmissionFactorEntry[] = [
  { year: 2022, kgPerKwh: 0.495, source: 'Energy Administration, 2023', sourceZh: '' },
  {
    year: 2023,
    kgPerKwh: 0.494,
    source: 'Energy Administration, 2024',
    sourceZh: '能源署，2024',
  },
  { year: 2024, kgPerKwh: 0.474, source: '', sourceZh: '' },
];

/** The factory's factors by year as the server keeps them; the current year is 2026. */
function factorServer(initial: EmissionFactorEntry[] = TAIWAN) {
  let factors = [...initial];
  const factory: AdminFactory = {
    id: 1,
    slug: 'demo',
    name: 'Demo plant',
    nameZh: '示範工廠',
    timeZone: 'Asia/Taipei',
    co2Factor: 0.474,
    contractCapacityKw: 500,
  };
  const list = (path: string) => {
    const sorted = [...factors].sort((a, b) => a.year - b.year);
    const used = [...sorted].reverse().find((entry) => entry.year <= 2026) ?? sorted[0];
    return ok(path, {
      factors: sorted,
      currentYear: 2026,
      current: used ? { kgPerKwh: used.kgPerKwh, fromYear: used.year } : null,
    });
  };
  const answers: Answers = {
    [FACTORY_GET]: () => ok(FACTORY_GET, { factory, job: null }),
    '/v1/Admin/Job/List': () => ok('/v1/Admin/Job/List', { jobs: [] }),
    [LIST]: () => list(LIST),
    [SAVE]: (body) => {
      const entry = body as unknown as EmissionFactorEntry;
      factors = [...factors.filter((e) => e.year !== Number(entry.year)), entry];
      return list(SAVE);
    },
    [REMOVE]: (body) => {
      if (factors.length === 1) return refusal(EMISSION_FACTOR_MESSAGES.lastEntry);
      factors = factors.filter((e) => e.year !== Number(body.year));
      return list(REMOVE);
    },
  };
  return answers;
}

const rows = () => screen.getAllByTestId('emission-factor-row').map((row) => row.textContent ?? '');
const current = () => screen.getByTestId('emission-factor-current');

describe('Admin › Factory › Emission factors by year', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('lists the years newest first and says the current year uses an earlier one provisionally', async () => {
    renderAdmin('factory', factorServer());
    expect(
      await screen.findByRole('heading', { name: 'Emission factors by year' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('emission-factor-row')).toHaveLength(3));
    const [newest, , oldest] = screen.getAllByTestId('emission-factor-row');
    expect(within(newest!).getByRole('rowheader')).toHaveTextContent('2024');
    expect(newest).toHaveTextContent('0.474');
    expect(newest).toHaveTextContent('—');
    expect(oldest).toHaveTextContent('2022');
    expect(oldest).toHaveTextContent('Energy Administration, 2023');
    expect(current()).toHaveTextContent(
      "2026 uses 2024's factor 0.474 until 2026's is entered (provisional).",
    );
    // The factory form's field now says it is this year's.
    expect(screen.getByLabelText('CO2 factor of this year (kg/kWh)')).toHaveValue('0.474');
  });

  it('adds this year’s factor; the list, the current year and the factory are read again', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', factorServer());
    render(<ToastContainer />);
    await user.click(await screen.findByRole('button', { name: 'Add a year' }));
    const dialog = within(screen.getByRole('dialog', { name: "Add a year's emission factor" }));
    const factoryReads = sentTo(network, FACTORY_GET).length;
    await user.type(dialog.getByLabelText('Year'), '2026');
    await user.type(dialog.getByLabelText('kg CO2e/kWh'), '0.46');
    await user.type(dialog.getByLabelText('Source'), ' Own estimate ');
    await user.type(dialog.getByLabelText('Source in Chinese (中文)'), '自行估計');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, SAVE)).toEqual([
        expect.objectContaining({
          year: 2026,
          kgPerKwh: 0.46,
          source: 'Own estimate',
          sourceZh: '自行估計',
        }),
      ]),
    );
    expect(await screen.findByText("2026's factor saved; CO2 figures use it.")).toBeInTheDocument();
    await waitFor(() =>
      expect(current()).toHaveTextContent('2026 uses its own factor, 0.46 kg CO2e/kWh.'),
    );
    expect(rows()[0]).toMatch(/^20260\.46Own estimate/);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(sentTo(network, FACTORY_GET).length).toBeGreaterThan(factoryReads));
    // The answer is stored, not read again.
    expect(sentTo(network, LIST)).toHaveLength(1);
  });

  it('checks year, factor and source before sending and warns before replacing a year', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', factorServer());
    await user.click(await screen.findByRole('button', { name: 'Add a year' }));
    const dialog = within(screen.getByRole('dialog', { name: "Add a year's emission factor" }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findAllByText('Required.')).toHaveLength(2);

    await user.type(dialog.getByLabelText('Year'), '1989');
    await user.type(dialog.getByLabelText('kg CO2e/kWh'), '5.5');
    await user.type(dialog.getByLabelText('Source'), 'x'.repeat(301));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Enter a whole year from 1990 to 2100.')).toBeInTheDocument();
    expect(dialog.getByText('Must be at most 5.')).toBeInTheDocument();
    expect(dialog.getByText('Too long (at most 300 characters).')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Year'));
    await user.type(dialog.getByLabelText('Year'), '2023');
    expect(
      dialog.getByText('2023 already has a factor (0.494): saving replaces it.'),
    ).toBeInTheDocument();
    expect(sentTo(network, SAVE)).toEqual([]);
  });

  it('changes a year’s factor with its year fixed', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', factorServer());
    await user.click(await screen.findByRole('button', { name: "Change 2023's factor" }));
    const dialog = within(screen.getByRole('dialog', { name: "Change 2023's emission factor" }));
    expect(dialog.getByLabelText('Year')).toHaveValue('2023');
    expect(dialog.getByLabelText('Year')).toHaveAttribute('readonly');
    expect(dialog.queryByText(/saving replaces it/)).toBeNull();
    await user.clear(dialog.getByLabelText('kg CO2e/kWh'));
    await user.type(dialog.getByLabelText('kg CO2e/kWh'), '0.495');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, SAVE)).toEqual([
        expect.objectContaining({
          year: 2023,
          kgPerKwh: 0.495,
          source: 'Energy Administration, 2024',
          sourceZh: '能源署，2024',
        }),
      ]),
    );
    await waitFor(() => expect(rows()[1]).toMatch(/^20230\.495/));
  });

  it('removes a year after saying which factor it then uses', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', factorServer());
    render(<ToastContainer />);
    await user.click(await screen.findByRole('button', { name: "Remove 2024's factor" }));
    const confirm = within(screen.getByRole('dialog', { name: "Remove 2024's factor?" }));
    expect(
      confirm.getByText("2024 then uses 2023's factor (0.494): its CO2 figures change everywhere."),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(sentTo(network, REMOVE)).toEqual([expect.objectContaining({ year: 2024 })]),
    );
    expect(await screen.findByText("2024's factor removed.")).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(current()).toHaveTextContent(
      "2026 uses 2023's factor 0.494 until 2026's is entered (provisional).",
    );
  });

  it('says in 中文 that the last year cannot be removed', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    renderAdmin('factory', factorServer([TAIWAN[1]!, TAIWAN[2]!]));
    render(<ToastContainer />);
    expect(await screen.findByRole('heading', { name: '各年度電力排碳係數' })).toBeInTheDocument();
    // The source in the reader's language; an entry with none in Chinese shows its other one.
    expect(await screen.findByText('能源署，2024')).toBeInTheDocument();
    expect(screen.queryByText('Energy Administration, 2024')).toBeNull();
    await user.click(screen.getByRole('button', { name: '移除 2023 年度係數' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '移除 2023 年度的係數？' })).getByRole('button', {
        name: '移除',
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() =>
      expect(current()).toHaveTextContent(
        '2026 年度暫用 2024 年度的電力排碳係數 0.474，直到輸入 2026 年度的係數為止。',
      ),
    );
    expect(screen.getByRole('columnheader', { name: '年度' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '來源' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '移除 2024 年度係數' }));
    const confirm = within(screen.getByRole('dialog', { name: '移除 2024 年度的係數？' }));
    expect(confirm.getByText('各處的 CO2 數據隨之改變。')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: '移除' }));
    expect(await screen.findByText('至少須保留一個年度的電力排碳係數。')).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
  });
});
