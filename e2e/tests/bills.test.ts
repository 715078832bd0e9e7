import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callApi, signInApi } from '../support/api.ts';
import { ADMIN, newPage, signIn } from '../support/browser.ts';
import { layoutFaults } from '../support/layout-faults.ts';
import { settle } from '../support/settle.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

const ACCOUNT = '01-2345-6789-0';

interface BillingPoint {
  nodeId: number;
  main: boolean;
  contractCapacityKw: number | null;
  meterReadingDay: number;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last billing period that has ended, for a meter read on `day`, as of the factory's today. */
function lastCompletePeriod(today: string, day: number) {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // The running period began on `day` of this month, or of the one before.
  const running = Date.UTC(y, m - 1 - (d < day ? 1 : 0), day);
  const from = new Date(running);
  from.setUTCMonth(from.getUTCMonth() - 1);
  return { from: isoDay(from.getTime()), to: isoDay(running - 86_400_000) };
}

describe('Admin › Bills', needsBrowser, () => {
  const run = useProductAndBrowser();

  it("imports the main point's bill by its account number, shows ours beside it, and the capacity advice", async () => {
    const base = run.baseUrl();
    // The import names the point by its account number (電號): give the main point one.
    const session = await signInApi(base, ADMIN);
    const list = await callApi<{ billingPoints: BillingPoint[] }>(
      base,
      '/v1/Admin/BillingPoint/List',
      { factoryId: 0 },
      session,
    );
    const main = list.billingPoints.find((p) => p.main)!;
    const saved = await callApi<{ statusCode: number }>(
      base,
      '/v1/Admin/BillingPoint/Save',
      {
        factoryId: 0,
        nodeId: main.nodeId,
        contractCapacityKw: main.contractCapacityKw,
        meterReadingDay: main.meterReadingDay,
        accountNumber: ACCOUNT,
      },
      session,
    );
    assert.equal(saved.statusCode, 200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
    const period = lastCompletePeriod(today, main.meterReadingDay);
    const csv = `accountNumber,periodFrom,periodTo,kwhPeak,total\n${ACCOUNT},${period.from},${period.to},"52,340","500,000"\n`;

    const { context, page, errors } = await newPage(run.browser());
    await signIn(page, base, ADMIN);
    await page.goto(`${base}/dashboard/admin/bills`);
    await page.getByRole('heading', { level: 2, name: 'Bills' }).waitFor();
    const importer = page.getByRole('region', { name: 'Import bills from CSV' });
    await importer.getByLabel('Or paste the CSV').fill(csv);
    await importer.getByRole('button', { name: 'Import' }).click();
    await importer.getByRole('status').filter({ hasText: '1 bill imported.' }).waitFor();

    const row = page.getByTestId('admin-bill-row').filter({ hasText: ACCOUNT });
    const [shownPeriod, theirs, ours] = await row.getByRole('cell').allTextContents();
    const day = (iso: string) => iso.replaceAll('-', '/');
    assert.equal(shownPeriod, `${day(period.from)} – ${day(period.to)}`);
    assert.equal(theirs, 'NT$500,000');
    assert.match(ours ?? '', /^NT\$[\d,]+(\.\d\d)?$/, `ours is computed: ${ours}`);

    // The demo's history holds complete periods: the advice has a capacity to propose.
    const advice = page.getByTestId('capacity-advice');
    await advice.getByTestId('advice-compare').waitFor();
    assert.match((await advice.getByTestId('advice-saving').textContent()) ?? '', /NT\$/);

    // In 中文, on a phone: the same panel, and nothing runs off the screen or its card.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await advice.getByRole('heading', { name: '契約容量建議' }).waitFor();
    await advice.getByTestId('advice-compare').waitFor();
    assert.match((await row.getByRole('cell').nth(2).textContent()) ?? '', /^新臺幣 [\d,.]+ 元$/);
    await settle(page);
    assert.deepEqual(await layoutFaults(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('dates a contract change: the ended period keeps its bill, the dialog lists the history (decision 0081)', async () => {
    const base = run.baseUrl();
    const session = await signInApi(base, ADMIN);
    const points = () =>
      callApi<{ billingPoints: Array<BillingPoint & { accountNumber: string }> }>(
        base,
        '/v1/Admin/BillingPoint/List',
        { factoryId: 0 },
        session,
      );
    const main = (await points()).billingPoints.find((p) => p.main)!;
    const original = main.contractCapacityKw ?? 800;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
    const ended = lastCompletePeriod(today, main.meterReadingDay);
    const running = isoDay(Date.parse(`${ended.to}T00:00:00Z`) + 86_400_000);
    const restore = () =>
      callApi(
        base,
        '/v1/Admin/BillingPoint/Save',
        {
          factoryId: 0,
          nodeId: main.nodeId,
          contractCapacityKw: original,
          meterReadingDay: main.meterReadingDay,
          accountNumber: main.accountNumber,
          appliesFrom: running,
        },
        session,
      );
    const { context, page, errors } = await newPage(run.browser());
    try {
      await signIn(page, base, ADMIN);
      await page.goto(`${base}/dashboard/admin/bills`);
      const bill = page.getByTestId('admin-bill-row').filter({ hasText: ACCOUNT });
      const oursBefore = await bill.getByRole('cell').nth(2).textContent();

      await page.goto(`${base}/dashboard/admin/billing`);
      const mainRow = page.getByTestId('admin-billing-row').filter({ hasText: 'Main' });
      await mainRow.getByRole('button', { name: 'Edit' }).click();
      let dialog = page.getByRole('dialog');
      await dialog.getByLabel('Contract capacity (kW)').fill(String(original + 100));
      await dialog.getByLabel('Applies from (meter-reading day)').fill(running);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await mainRow.getByText(`${original + 100} kW`).waitFor();

      await mainRow.getByRole('button', { name: 'Edit' }).click();
      dialog = page.getByRole('dialog');
      const history = dialog.getByTestId('contract-history');
      assert.deepEqual(await history.getByRole('listitem').allTextContents(), [
        `From ${running}: ${original + 100} kW regular`,
        `At first: ${original} kW regular`,
      ]);
      // In 中文 on a phone the dialog, its date field and the history fit.
      await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page
        .getByTestId('admin-billing-row')
        .filter({ hasText: '主電號' })
        .getByRole('button', { name: '編輯' })
        .click();
      await page
        .getByRole('dialog')
        .getByTestId('contract-history')
        .getByRole('heading', { name: '契約變更紀錄' })
        .waitFor();
      await settle(page);
      assert.deepEqual(await layoutFaults(page), []);

      // The period that had ended is billed on the capacity it had.
      await page.goto(`${base}/dashboard/admin/bills`);
      await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.reload();
      assert.equal(await bill.getByRole('cell').nth(2).textContent(), oursBefore);
      assert.deepEqual(errors, []);
    } finally {
      // Other files share this product: the demo's contract as it was, with no history.
      await restore();
      const after = (await points()).billingPoints.find((p) => p.main)!;
      assert.equal(after.contractCapacityKw, original);
      await context.close();
    }
  });
});
