import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BILL_CSV_COLUMNS, BILL_LINES } from '@wattboard/contract';
import type { BillFigures } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';
import { billingServer } from '@/testing/admin/billing-points';

const LIST = '/v1/Admin/Bill/List';
const IMPORT = '/v1/Admin/Bill/Import';
const CSV =
  'accountNumber,periodFrom,periodTo,total\n12-34-5678-90-1,2026-09-05,2026-10-04,"20,000"\n';
const REFUSAL = 'row 2, total: total must be 0 or more';

const figures = (total: number): BillFigures => ({
  ...(Object.fromEntries(BILL_LINES.map((line) => [line, null])) as BillFigures),
  total,
});

/** The second supply's September bill, as the import saves it. */
const IMPORTED = {
  id: 21,
  nodeId: 3,
  chName: '第二進線',
  name: 'Second supply',
  accountNumber: '12-34-5678-90-1',
  periodFrom: '2026-09-05',
  periodTo: '2026-10-04',
  entered: figures(20000),
  ours: figures(20050),
  difference: 50,
  differencePercent: 0.25,
};

function server(answer?: Answers[string]): Answers {
  const { answers } = billingServer();
  answers[LIST] = () => ok(LIST, { bills: [] });
  answers[IMPORT] = answer ?? (() => ok(IMPORT, { bills: [IMPORTED], imported: 1 }));
  answers['/v1/Admin/BillingPoint/Advice'] = () => refusal('not asked here');
  return answers;
}

const importer = () => within(screen.getByRole('region', { name: 'Import bills from CSV' }));

describe('Admin › Bills: CSV import', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('reads a UTF-8 file, sends it, says how many were imported and lists them', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('bills', server());
    await screen.findByText('No bills yet: enter one or import a CSV.');
    const help = importer().getByText(BILL_CSV_COLUMNS.join(','));
    expect(help.tagName).toBe('CODE');
    expect(
      importer().getByText(/The account number \(電號\) names the billing point/),
    ).toBeVisible();
    // With Excel's byte-order mark, which the reading drops.
    const file = new File([`\uFEFF${CSV}`], 'bills.csv', { type: 'text/csv' });
    await user.upload(importer().getByLabelText('CSV file (UTF-8)'), file);
    await waitFor(() => expect(importer().getByLabelText('Or paste the CSV')).toHaveValue(CSV));
    await user.click(importer().getByRole('button', { name: 'Import' }));
    expect(await importer().findByRole('status')).toHaveTextContent('1 bill imported.');
    expect(sentTo(network, IMPORT)).toEqual([expect.objectContaining({ csv: CSV })]);
    expect(await screen.findByTestId('admin-bill-row')).toHaveTextContent('Second supply');
  });

  it("tells the server's refusal in the page's language, naming the row and column", async () => {
    const user = userEvent.setup();
    renderAdmin(
      'bills',
      server(() => refusal(REFUSAL)),
    );
    await screen.findByText('No bills yet: enter one or import a CSV.');
    await user.click(importer().getByLabelText('Or paste the CSV'));
    await user.paste(CSV);
    await user.click(importer().getByRole('button', { name: 'Import' }));
    const alert = await importer().findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported.');
    expect(alert).toHaveTextContent('Row 2, column total: Must be 0 or more.');

    await act(() => i18n.changeLanguage('zh'));
    const zh = within(screen.getByRole('region', { name: '從 CSV 匯入帳單' }));
    await user.click(zh.getByRole('button', { name: '匯入' }));
    await waitFor(() => expect(zh.getByRole('alert')).toHaveTextContent('未匯入任何帳單。'));
    // No English left in 中文 (the server's refusal was quoted as sent).
    expect(zh.getByRole('alert')).toHaveTextContent('第 2 列「total」欄：必須大於或等於 0。');
    expect(zh.getByRole('alert')).not.toHaveTextContent('must be');
  });

  it('asks for a file or text before sending anything', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('bills', server());
    await screen.findByText('No bills yet: enter one or import a CSV.');
    await user.click(importer().getByRole('button', { name: 'Import' }));
    expect(importer().getByRole('alert')).toHaveTextContent(
      'Choose a file or paste the CSV first.',
    );
    expect(sentTo(network, IMPORT)).toEqual([]);
  });
});
