import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';
import { billingServer } from '@/testing/admin/billing-points';

const LIST = '/v1/Admin/Bill/List';
const SAVE = '/v1/Admin/Bill/Save';

/** No bill yet; a save answers the list with nothing in it (the table has its own tests). */
function server(save?: Answers[string]): Answers {
  const { answers } = billingServer();
  answers[LIST] = () => ok(LIST, { bills: [] });
  answers[SAVE] = save ?? (() => ok(SAVE, { bills: [] }));
  answers['/v1/Admin/BillingPoint/Advice'] = () => refusal('not asked here');
  return answers;
}

async function openForm() {
  const user = userEvent.setup();
  const enter = await screen.findByRole('button', { name: 'Enter a bill' });
  await waitFor(() => expect(enter).toBeEnabled());
  await user.click(enter);
  return { user, dialog: within(screen.getByRole('dialog', { name: 'Enter a bill' })) };
}

describe('Admin › Bills: entering a bill', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('sends the bill as printed: blank lines are not printed, separators are fine', async () => {
    const { network } = renderAdmin('bills', server());
    const { user, dialog } = await openForm();
    const options = dialog.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Incoming supply', 'Second supply (12-34-5678-90-1)']);
    await user.selectOptions(
      dialog.getByLabelText('Billing point'),
      'Second supply (12-34-5678-90-1)',
    );
    await user.type(dialog.getByLabelText('From'), '2026-09-05');
    await user.type(dialog.getByLabelText('To'), '2026-10-04');
    await user.type(dialog.getByLabelText('Peak energy (kWh)'), '52,340');
    await user.type(dialog.getByLabelText('Maximum demand (kW)'), '812');
    await user.type(dialog.getByLabelText('Power factor (%)'), '97');
    await user.type(dialog.getByLabelText('Power-factor adjustment (NT$)'), '-1,250.5');
    await user.type(dialog.getByLabelText('Total (NT$)'), '503,250');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, SAVE)).toHaveLength(1));
    expect(sentTo(network, SAVE)[0]).toMatchObject({
      nodeId: 3,
      periodFrom: '2026-09-05',
      periodTo: '2026-10-04',
      kwhPeak: 52340,
      kwhHalfPeak: null,
      maxDemandKw: 812,
      powerFactorPercent: 97,
      penalty: null,
      powerFactorAdjustment: -1250.5,
      total: 503250,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the fields before sending', async () => {
    const { network } = renderAdmin('bills', server());
    const { user, dialog } = await openForm();
    await user.type(dialog.getByLabelText('From'), '2026-10-01');
    await user.type(dialog.getByLabelText('To'), '2026-12-31');
    await user.type(dialog.getByLabelText('Power factor (%)'), '130');
    await user.type(dialog.getByLabelText('Energy charge (NT$)'), 'twelve');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('At most 62 days, both ends included.')).toBeInTheDocument();
    expect(dialog.getByText('Must be at most 100.')).toBeInTheDocument();
    // A figure that is no number says so, with an example, not just "invalid".
    expect(dialog.getByText('Enter a number, e.g. 12,345.6.')).toBeInTheDocument();
    expect(dialog.getByText('Required.')).toBeInTheDocument();
    const to = dialog.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-09-30');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Must not be before the start.')).toBeInTheDocument();
    expect(sentTo(network, SAVE)).toEqual([]);
  });

  it("shows the server's refusal in the page's language and keeps the form", async () => {
    renderAdmin(
      'bills',
      server(() => refusal(ADMIN_MESSAGES.notBillingPoint)),
    );
    const { user, dialog } = await openForm();
    await user.type(dialog.getByLabelText('From'), '2026-10-01');
    await user.type(dialog.getByLabelText('To'), '2026-10-31');
    await user.type(dialog.getByLabelText('Total (NT$)'), '1000');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(ADMIN_MESSAGES.notBillingPoint)).toHaveAttribute(
      'role',
      'alert',
    );

    await act(() => i18n.changeLanguage('zh'));
    const zh = within(screen.getByRole('dialog', { name: '輸入帳單' }));
    expect(zh.getByLabelText('尖峰度數（kWh）')).toBeInTheDocument();
    expect(zh.getByLabelText('超約附加費（元）')).toBeInTheDocument();
    await user.click(zh.getByRole('button', { name: '儲存' }));
    expect(await zh.findByText('此監測點不是電號。')).toBeInTheDocument();
  });
});
