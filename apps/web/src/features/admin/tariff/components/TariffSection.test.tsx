import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TARIFF, taipowerTariff } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { tariffServer } from '@/testing/admin/tariff';

const UPDATE = '/v1/Admin/Tariff/Update';
type Sent = { validFrom: string; tariff: Record<string, unknown> & { days: { rates: object }[] } };

async function openEditor() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit as a new version' }));
  const form = screen.getByRole('form', { name: 'New tariff version' });
  const validFrom = within(form).getByLabelText('Valid from');
  await user.clear(validFrom);
  await user.type(validFrom, '2027-01-01');
  return { user, form: within(form) };
}

// The editor is a long form typed into key by key; on a loaded machine that outlasts 5 s.
describe('Admin › Tariff', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('shows the tariff in force: validity, source, seasons, periods and rates, charges', async () => {
    renderAdmin('tariff', tariffServer().answers);
    const current = within(await screen.findByTestId('tariff-current'));
    expect(
      current.getByRole('heading', {
        name: 'In force: Taipower high-voltage three-stage TOU, regular contract (table of 2025-10-01)',
      }),
    ).toBeInTheDocument();
    expect(current.getByText('2000-01-01')).toBeInTheDocument();
    expect(current.getByText('2025-10-01')).toBeInTheDocument();
    expect(current.getByText(/taipower\.com\.tw/)).toBeInTheDocument();
    expect(current.getByText('Summer 05-16 – 10-15')).toBeInTheDocument();
    const row = current.getByRole('row', { name: /^Summer, Monday to Friday/ });
    expect(within(row).getByText('16:00–22:00 Peak')).toBeInTheDocument();
    expect(within(row).getByText('NT$9.39 / kWh')).toBeInTheDocument();
    expect(current.getByText('Summer NT$223.60 / kW per month')).toBeInTheDocument();
    expect(
      current.getByText(
        'Demand above the contract capacity: up to 10% over at 2× the basic rate, beyond that at 3×.',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('tariff-versions')).getByText('Default')).toBeInTheDocument();
  });

  it('saves an edit as a new version valid from the chosen day', async () => {
    const { network } = renderAdmin('tariff', tariffServer().answers);
    const { user, form } = await openEditor();
    const peak = within(screen.getByTestId('tariff-day-0')).getByLabelText('Peak (NT$ per kWh)');
    await user.clear(peak);
    await user.type(peak, '9.1');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, UPDATE)).toHaveLength(1));
    const sent = sentTo(network, UPDATE)[0] as unknown as Sent;
    expect(sent.validFrom).toBe('2027-01-01');
    expect(sent.tariff.days[0]?.rates).toEqual({ peak: 9.1, halfPeak: 5.85, offPeak: 2.53 });
    expect(sent.tariff).toMatchObject({ penaltyTierFraction: 0.1, currency: 'TWD' });
    const versions = within(await screen.findByTestId('tariff-versions'));
    expect(await versions.findByText('2027-01-01')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New tariff version' })).toBeNull();
  });

  it('shows the problems at their fields and sends nothing', async () => {
    const { network } = renderAdmin('tariff', tariffServer().answers);
    const { user, form } = await openEditor();
    const day = within(screen.getByTestId('tariff-day-0'));
    const offPeak = day.getByLabelText('Off-peak (NT$ per kWh)');
    await user.clear(offPeak);
    await user.type(offPeak, '-1');
    await user.click(day.getByRole('button', { name: 'Remove Range 2' }));
    const percent = form.getByLabelText('Tier 1 up to (% over the contract)');
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await day.findByText('Must be 0 or more.')).toBeInTheDocument();
    expect(
      day.getByText('Time ranges must cover the whole day (a gap at 09:00).'),
    ).toBeInTheDocument();
    expect(form.getByText('Enter a percentage from 0 to 100.')).toBeInTheDocument();
    expect(screen.getByTestId('tariff-form-error')).toHaveTextContent('Some fields need attention');
    expect(offPeak).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(network, UPDATE)).toEqual([]);
  });

  it("shows the server's refusal at the field its message names", async () => {
    const server = tariffServer();
    server.state.refuse = 'tariff.days.1.ranges: days[1]: ranges must not overlap';
    renderAdmin('tariff', server.answers);
    const { user, form } = await openEditor();
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await within(screen.getByTestId('tariff-day-1')).findByText('Time ranges must not overlap.'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('tariff-day-0')).queryByText(/overlap/)).toBeNull();
  });

  it('edits the holiday calendar of a year and keeps the other years', async () => {
    const { network } = renderAdmin('tariff', tariffServer().answers);
    const user = userEvent.setup();
    const calendar = within(
      (await screen.findByRole('heading', { name: 'Holiday calendar' })).closest('section')!,
    );
    await user.selectOptions(calendar.getByLabelText('Year'), '2027');
    expect(
      calendar.getAllByLabelText('Date').map((input) => (input as HTMLInputElement).value),
    ).toContain('2027-10-10');
    await user.click(calendar.getByRole('button', { name: 'Add a holiday' }));
    const dates = calendar.getAllByLabelText('Date');
    const added = dates.at(-1)!;
    await user.type(added, '2026-12-31');
    await user.click(calendar.getByRole('button', { name: 'Save the calendar' }));
    expect(await calendar.findByText('The date must be in 2027.')).toBeInTheDocument();
    await user.clear(added);
    await user.type(added, '2027-12-31');
    await user.type(calendar.getAllByLabelText('Name (中文)').at(-1)!, '年終');
    await user.type(calendar.getAllByLabelText('Name (English)').at(-1)!, 'Year end');
    await user.click(calendar.getByRole('button', { name: 'Save the calendar' }));
    await waitFor(() => expect(sentTo(network, UPDATE)).toHaveLength(1));
    const sent = sentTo(network, UPDATE)[0] as unknown as {
      validFrom: string;
      tariff: { holidays: { date: string; name: string; nameEn: string }[] };
    };
    expect(sent.validFrom).toBe('2000-01-01');
    expect(sent.tariff.holidays).toContainEqual({
      date: '2027-12-31',
      name: '年終',
      nameEn: 'Year end',
    });
    expect(sent.tariff.holidays.some((h) => h.date.startsWith('2025-'))).toBe(true);
  });

  it('shows the stages and the other contract types of the tariff in force', async () => {
    renderAdmin('tariff', tariffServer().answers);
    const current = within(await screen.findByTestId('tariff-current'));
    expect(current.getByText('Three-stage (peak, half-peak, off-peak)')).toBeInTheDocument();
    const rates = within(current.getByTestId('tariff-contract-rates'));
    expect(
      rates.getByText(
        'Half-peak contract: Summer NT$166.90 / kW per month; Non-summer NT$166.90 / kW per month',
      ),
    ).toBeInTheDocument();
    expect(rates.queryByText(/Non-summer contract/)).toBeNull();
  });

  it('starts from a Taipower table and saves it from its day, stages and contract types too', async () => {
    const { network } = renderAdmin('tariff', tariffServer().answers);
    const { user, form } = await openEditor();
    const picker = form.getByLabelText('Start from a Taipower table');
    const options = within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.slice(0, 3)).toEqual([
      'Choose a table…',
      'High-voltage three-stage TOU, from 2025-10-01',
      'Extra-high-voltage three-stage TOU, from 2025-10-01',
    ]);
    expect(options.at(-1)).toBe('High-voltage three-stage TOU, from 2024-04-01 (unconfirmed)');
    await user.selectOptions(picker, 'ehv-2stage@2025-10-01');
    expect(form.getByLabelText('Valid from')).toHaveValue('2025-10-01');
    expect(form.getByLabelText('Name (English)')).toHaveValue(
      'Taipower extra-high-voltage two-stage TOU, regular contract (table of 2025-10-01)',
    );
    const chosen = within(screen.getByTestId('tariff-catalog-chosen'));
    expect(
      chosen.getByText(/chapter 5 §4\(1\), p\.26, extra-high-voltage column/),
    ).toBeInTheDocument();
    expect(
      chosen.getByText('Confirmed: every figure read in Taipower’s own table.'),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Time-of-use stages')).toHaveValue('twoStage');
    expect(form.getByLabelText('Non-summer contract, Summer (NT$ per kW per month)')).toHaveValue(
      '',
    );
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, UPDATE)).toHaveLength(1));
    const sent = sentTo(network, UPDATE)[0] as unknown as Sent;
    const entry = taipowerTariff('ehv-2stage@2025-10-01')!;
    expect(sent.validFrom).toBe('2025-10-01');
    expect(sent.tariff).toEqual(entry.tariff);
  });

  it('marks an unconfirmed table and says what is unconfirmed, in both languages', async () => {
    renderAdmin('tariff', tariffServer().answers);
    const { user, form } = await openEditor();
    await user.selectOptions(
      form.getByLabelText('Start from a Taipower table'),
      'hv-3stage@2024-04-01',
    );
    const chosen = within(screen.getByTestId('tariff-catalog-chosen'));
    expect(chosen.getByText('Unconfirmed')).toBeInTheDocument();
    expect(chosen.getByRole('note')).toHaveTextContent(
      'No primary source confirms these figures: Seasons, Periods and rates, Holiday calendar, Basic charge, Basic rates of the other contract types, Over-contract penalty. See the note.',
    );
    expect(form.getByLabelText('Note')).toHaveValue(
      taipowerTariff('hv-3stage@2024-04-01')!.tariff.note,
    );
    await act(() => i18n.changeLanguage('zh'));
    expect(chosen.getByText('未經證實')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('從台電電價表開始')).getByRole('option', {
        name: '高壓三段式時間電價，2024-04-01 起（未經證實）',
      }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('tariff-catalog-chosen')).toHaveTextContent(
      /未取得台電113年4月1日電價表/,
    );
    await act(() => i18n.changeLanguage('en'));
  });

  it('keeps the contract types on save, a blank as "—"', async () => {
    const { network } = renderAdmin('tariff', tariffServer().answers);
    const { user, form } = await openEditor();
    await user.clear(form.getByLabelText('Half-peak contract, Summer (NT$ per kW per month)'));
    const offPeak = form.getByLabelText('Off-peak contract, Non-summer (NT$ per kW per month)');
    await user.clear(offPeak);
    await user.type(offPeak, '30');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await form.findByText(
        'Saturday half-peak and off-peak contracts share one rate: enter the same figure.',
      ),
    ).toBeInTheDocument();
    await user.clear(offPeak);
    await user.type(offPeak, '33.3');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, UPDATE)).toHaveLength(1));
    const sent = sentTo(network, UPDATE)[0] as unknown as Sent;
    expect(sent.tariff['stages']).toBe('threeStage');
    expect(sent.tariff['contractBasicRates']).toEqual({
      ...DEFAULT_TARIFF.contractBasicRates,
      summer: { ...DEFAULT_TARIFF.contractBasicRates!.summer, halfPeak: null },
    });
  });

  it('starts from the default when there is no tariff, and speaks 中文', async () => {
    renderAdmin('tariff', tariffServer({ empty: true }).answers);
    expect(
      await screen.findByText('No tariff is in force yet. Start from the default and save it.'),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByRole('link', { name: '電價' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '從預設值開始' }));
    expect(screen.getByLabelText('名稱（英文）')).toHaveValue(
      'Taipower high-voltage three-stage TOU, regular contract (table of 2025-10-01)',
    );
  });
});
