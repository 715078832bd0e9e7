import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { scheduledReportsServer } from '@/testing/admin/scheduled-reports';

const UPDATE = '/v1/Admin/ScheduledReport/Update';
const SEND_NOW = '/v1/Admin/ScheduledReport/SendNow';

const card = (name: string) => within(screen.getByRole('region', { name }));

describe('Admin › Scheduled reports', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('shows each report with its receivers and the next run in the factory zone', async () => {
    renderAdmin('reports', scheduledReportsServer());
    const weekly = await screen.findByRole('region', { name: 'Weekly report' });
    expect(within(weekly).getByRole('checkbox', { name: 'Send the Weekly report' })).toBeChecked();
    expect(within(weekly).getByLabelText('Receivers')).toHaveValue('plant@example.com');
    expect(within(weekly).getByTestId('next-run-weekly')).toHaveTextContent(
      '2026/11/30 08:00 (Asia/Taipei), for 2026-11-23 – 2026-11-29',
    );
    expect(card('Monthly report').getByTestId('next-run-monthly')).toHaveTextContent('Off');
    expect(screen.getByRole('link', { name: 'Scheduled reports' })).toBeInTheDocument();
  });

  it('switches the monthly report on with two receivers and shows its next run', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('reports', scheduledReportsServer());
    const monthly = within(await screen.findByRole('region', { name: 'Monthly report' }));
    await user.click(monthly.getByRole('checkbox', { name: 'Send the Monthly report' }));
    await user.type(monthly.getByLabelText('Receivers'), 'a@example.com, b@example.com');
    await user.click(monthly.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, UPDATE)).toEqual([
        expect.objectContaining({
          kind: 'monthly',
          enabled: true,
          receivers: ['a@example.com', 'b@example.com'],
        }),
      ]),
    );
    expect(await monthly.findByText('Monthly report: saved.')).toBeInTheDocument();
    expect(monthly.getByTestId('next-run-monthly')).toHaveTextContent(
      '2026/12/01 08:00 (Asia/Taipei), for 2026-11-01 – 2026-11-30',
    );
  });

  it('names a bad address and sends nothing; "Send now" waits for unsaved changes', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('reports', scheduledReportsServer());
    const weekly = within(await screen.findByRole('region', { name: 'Weekly report' }));
    await user.type(weekly.getByLabelText('Receivers'), '\nnot-an-address');
    expect(weekly.getByRole('button', { name: 'Send now' })).toBeDisabled();
    expect(weekly.getByText('Save your changes before sending.')).toBeInTheDocument();
    await user.click(weekly.getByRole('button', { name: 'Save' }));
    expect(
      await weekly.findByText('"not-an-address" is not a valid e-mail address.'),
    ).toBeInTheDocument();
    expect(weekly.getByLabelText('Receivers')).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(network, UPDATE)).toEqual([]);
  });

  it('"Send now" says which period went to how many receivers', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('reports', scheduledReportsServer());
    const weekly = within(await screen.findByRole('region', { name: 'Weekly report' }));
    await user.click(weekly.getByRole('button', { name: 'Send now' }));
    expect(await weekly.findByRole('status')).toHaveTextContent(
      'Weekly report for 2026-11-16 – 2026-11-22 is queued for 1 receiver; the Mail section shows its delivery.',
    );
    expect(sentTo(network, SEND_NOW)).toEqual([expect.objectContaining({ kind: 'weekly' })]);
  });

  it('in Chinese: a report without receivers cannot be sent, and says so', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('zh');
    renderAdmin('reports', scheduledReportsServer());
    expect(await screen.findByRole('link', { name: '定期報告' })).toBeInTheDocument();
    const monthly = within(await screen.findByRole('region', { name: '每月報告' }));
    expect(monthly.getByText('每月 1 日 08:00（工廠時間）寄出上個月的報告。')).toBeInTheDocument();
    await user.click(monthly.getByRole('button', { name: '立即寄送' }));
    expect(await monthly.findByRole('status')).toHaveTextContent(
      '請先新增至少一位收件人並儲存，再寄送此報告。',
    );
  });
});
