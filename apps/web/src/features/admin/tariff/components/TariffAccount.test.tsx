import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { taipowerTariff } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { tariffServer } from '@/testing/admin/tariff';
import { TariffView } from './TariffView';

const UPDATE = '/v1/Admin/Tariff/Update';
type Sent = { validFrom: string; tariff: Record<string, unknown> };

async function openEditor() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit as a new version' }));
  const form = within(screen.getByRole('form', { name: 'New tariff version' }));
  return { user, form };
}

const version = (id: string) => ({
  id: 7,
  validFrom: '2025-10-01',
  createdAt: '2026-11-01T00:00:00.000Z',
  createdBy: null,
  tariff: { ...taipowerTariff(id)!.tariff, industry: { code: '081', coefficient: 0.892 } },
});

describe('Admin › Tariff: the low-voltage fields', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('fills them from a low-voltage table and sends them with an industry', async () => {
    const { network } = renderAdmin('tariff', tariffServer().answers);
    const { user, form } = await openEditor();
    await user.selectOptions(
      form.getByLabelText('Start from a Taipower table'),
      'lv-2stage-installed@2025-10-01',
    );
    expect(form.getByLabelText('Contract basis')).toHaveValue('installed');
    expect(form.getByLabelText('Per-account charge (NT$ per month)')).toHaveValue('105');
    expect(form.getByLabelText('Energy charge')).toHaveValue('tou');
    const code = form.getByLabelText('Industry code (as on the bill)');
    await user.type(code, '999');
    expect(form.getByText(/^Not listed in the 2025-10-01 table/)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '081');
    expect(
      form.getByText(/appendix 1: low-voltage power × 0\.892, high voltage × 0\.776\./),
    ).toBeInTheDocument();
    // Picking the table again reads the code's coefficient in its low-voltage column.
    await user.selectOptions(
      form.getByLabelText('Start from a Taipower table'),
      'lv-2stage-installed@2025-10-01',
    );
    expect(form.getByLabelText('Industry coefficient')).toHaveValue('0.892');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, UPDATE)).toHaveLength(1));
    const sent = sentTo(network, UPDATE)[0] as unknown as Sent;
    expect(sent.tariff).toEqual({
      ...taipowerTariff('lv-2stage-installed@2025-10-01')!.tariff,
      industry: { code: '081', coefficient: 0.892 },
    });
  });

  it('turns time of use off into one all-day rate, and refuses other types on an installed contract', async () => {
    const { network } = renderAdmin('tariff', tariffServer().answers);
    const { user, form } = await openEditor();
    await user.selectOptions(form.getByLabelText('Contract basis'), 'installed');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await form.findByText(
        'An installed-capacity contract has no other contract types: leave their rates blank.',
      ),
    ).toBeInTheDocument();
    expect(sentTo(network, UPDATE)).toHaveLength(0);
    await user.selectOptions(form.getByLabelText('Contract basis'), 'demand');
    await user.selectOptions(form.getByLabelText('Energy charge'), 'flat');
    expect(form.getByLabelText('Time-of-use stages')).toHaveValue('twoStage');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, UPDATE)).toHaveLength(1));
    const sent = sentTo(network, UPDATE)[0] as unknown as Sent & {
      tariff: { days: { ranges: unknown[] }[] };
    };
    expect(sent.tariff['timeOfUse']).toBe(false);
    expect(sent.tariff.days.map((d) => d.ranges)).toEqual(
      Array(6).fill([{ from: '00:00', to: '24:00', period: 'peak' }]),
    );
  });

  it('shows a flat table’s one rate, the per-account charge and the industry, in both languages', async () => {
    render(<TariffView version={version('lv-flat@2025-10-01')} />);
    const row = screen.getByRole('row', { name: /^Summer, Monday to Friday/ });
    expect(within(row).getByText('00:00–24:00 All day')).toBeInTheDocument();
    expect(within(row).getByText('NT$4.08 / kWh')).toBeInTheDocument();
    expect(within(row).getAllByRole('cell')).toHaveLength(2);
    expect(screen.getByTestId('tariff-customer-charge')).toHaveTextContent('None');
    expect(screen.getByTestId('tariff-industry')).toHaveTextContent('081: × 0.892');
    expect(screen.getByTestId('tariff-basis')).toHaveTextContent('Demand contract');
    expect(screen.queryByText('Two-stage (peak, off-peak)')).toBeNull();
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByTestId('tariff-basis')).toHaveTextContent('需量契約');
    expect(screen.getAllByText('00:00–24:00 全日').length).toBe(6);
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the per-account charge of a three-stage table', () => {
    render(<TariffView version={version('lv-3stage@2025-10-01')} />);
    expect(screen.getByTestId('tariff-customer-charge')).toHaveTextContent(
      'NT$262.50 / account per month',
    );
  });
});
