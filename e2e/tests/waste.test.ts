import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { callApi, signInApi } from '../support/api.ts';
import { DEMO, newPage, signIn } from '../support/browser.ts';
import { layoutFaults } from '../support/layout-faults.ts';
import { settle } from '../support/settle.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

interface Findings {
  findings: { name: string; chName: string; costPerWeek: number | null }[];
}

function factoryToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
}

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** "NT$1,128" / "1,128" / "新臺幣 1,128 元" → 1128. */
function amountIn(text: string | null): number {
  const match = /-?[\d,]+(\.\d+)?/.exec(text ?? '');
  return match ? Number(match[0].replace(/,/g, '')) : Number.NaN;
}

/** The page shows money of 1,000 or more in whole dollars, smaller amounts with cents. */
function assertShownCost(text: string | null, cost: number | null) {
  const shown = amountIn(text);
  assert.ok(
    cost !== null && Math.abs(shown - cost) <= (cost >= 1000 ? 0.5 : 0.005),
    `${text} is ${cost}`,
  );
}

async function expectNoLayoutFaults(page: Page, where: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settle(page);
    const faults = await layoutFaults(page);
    assert.deepEqual(faults, [], `${where} at ${size.width}px`);
  }
}

/**
 * Issue #27 (decision 0086): the demo user finds last week's waste on the
 * Overview and on its page, priced as the server priced it, in both languages,
 * on a phone and a laptop. The demo's history has no injected waste, but its
 * modelled idle draws are standby findings (docs/waste.md).
 */
describe('waste findings', needsBrowser, () => {
  const run = useProductAndBrowser();

  it("shows last week's findings with their NT$ on the Overview and the page, in English and 中文", async () => {
    const base = run.baseUrl();
    const today = factoryToday();
    const week = { startDate: daysBefore(today, 7), endDate: daysBefore(today, 1) };
    // What the server finds for the week: the page must show the same first finding and price.
    const session = await signInApi(base, DEMO);
    const answer = await callApi<Findings>(base, '/v1/Web/Waste/Findings', week, session);
    const first = answer.findings[0];
    assert.ok(first, `the demo's last week has findings (${week.startDate}..${week.endDate})`);
    assert.notEqual(first.costPerWeek, null, 'the demo factory has a tariff');

    const { context, page, errors } = await newPage(run.browser());
    await signIn(page, base, DEMO);

    // The Overview card asks once it is near the screen.
    const card = page.getByTestId('overview-waste');
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('waste-card-total').waitFor();
    assert.match((await card.getByTestId('waste-card-total').textContent()) ?? '', /NT\$[\d,]+/);
    assert.match((await card.getByRole('listitem').first().textContent()) ?? '', /NT\$/);
    await card.getByRole('link', { name: 'See all findings' }).click();
    await page.waitForURL(`**/dashboard/waste?startDate=${week.startDate}&endDate=${week.endDate}`);

    const table = page.getByTestId('waste-findings');
    await table.waitFor();
    const firstRow = table.locator('tbody tr').first();
    assert.equal(await firstRow.locator('th').textContent(), first.name);
    assertShownCost(await firstRow.getByTestId('waste-cost').textContent(), first.costPerWeek);
    assert.match((await page.getByTestId('waste-total').textContent()) ?? '', /NT\$[\d,]+/);
    await expectNoLayoutFaults(page, 'English waste page');

    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '能源浪費診斷' }).waitFor();
    await table.waitFor();
    assert.equal(await firstRow.locator('th').textContent(), first.chName);
    assertShownCost(await firstRow.getByTestId('waste-cost').textContent(), first.costPerWeek);
    assert.match((await page.getByTestId('waste-total').textContent()) ?? '', /新臺幣 [\d,]+ 元/);
    await expectNoLayoutFaults(page, '中文 waste page');

    assert.deepEqual(errors, []);
    await context.close();
  });
});
