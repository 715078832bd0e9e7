import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page, Response } from 'playwright-core';
import { callApi, signInApi } from '../support/api.ts';
import { DEMO, newPage, signIn } from '../support/browser.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

/** "1,234.5 kW" (either language) → 1234.5; NaN for a dash or anything else. */
function numberIn(text: string | null): number {
  const match = /-?[\d,]+(\.\d+)?/.exec(text ?? '');
  return match ? Number(match[0].replace(/,/g, '')) : Number.NaN;
}

function factoryToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
}

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

interface RatioRequest {
  startDate: string;
  endDate: string;
  channelIdList: number[];
}

function ratioAnswer(page: Page, ok: (body: RatioRequest) => boolean): Promise<Response> {
  // Generous: on a first start the simulator writes its history while this runs, on 2 cores.
  return page.waitForResponse(
    (response) => {
      if (!response.url().endsWith('/v1/Web/Overview/ConsumeRatio')) return false;
      return ok(JSON.parse(response.request().postData() ?? '{}') as RatioRequest);
    },
    { timeout: 90_000 },
  );
}

/**
 * Reads until `ok` holds: on a fresh start the simulator is still writing its
 * history, and the newest 15-minute block completes within a minute. The
 * page refreshes itself, so no reload is needed; fails after 90 s.
 */
async function eventually<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await read().catch((error: unknown) => error);
    if (!(value instanceof Error) && ok(value as T)) return value as T;
    if (Date.now() > deadline) assert.fail(`${what}: last read ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

async function openOverview(page: Page, baseUrl: string) {
  // Each test file starts the product afresh; answers can take seconds while history is written.
  page.context().setDefaultTimeout(60_000);
  await signIn(page, baseUrl, DEMO);
  await page.getByTestId('real-time-demand').waitFor();
}

/** The drawn SVG of an ECharts chart, with at least one series shape. */
async function assertDrawn(chart: Locator, what: string) {
  // A chart starts only once it nears the screen (docs/decisions/0044-first-load-and-rendering.md).
  await chart.scrollIntoViewIfNeeded();
  // Axis lines come first; a sixth shape means series were drawn, not just the grid.
  await chart.locator('svg path').nth(5).waitFor({ state: 'attached' });
  assert.ok((await chart.locator('svg path').count()) > 5, `${what} has shapes`);
}

describe('the Overview page', needsBrowser, () => {
  const run = useProductAndBrowser({ DEV_TOOLS: '1' });

  it('shows demand, today and a drawn chart, in English and 中文', async () => {
    const { context, page, errors } = await newPage(run.browser());
    await openOverview(page, run.baseUrl());
    const demand = await eventually(
      'Real Time Demand',
      async () => numberIn(await page.getByTestId('real-time-demand').textContent()),
      (kw) => kw > 0,
    );
    assert.ok(demand < 5000, `a believable demand: ${demand} kW`);
    const usage = page.getByTestId('overview-usage');
    const todayKwh = numberIn(await usage.getByTestId('usage-kwh').first().textContent());
    const monthKwh = numberIn(await usage.getByTestId('usage-kwh').nth(1).textContent());
    assert.ok(todayKwh > 0 && monthKwh >= todayKwh, `today ${todayKwh}, month ${monthKwh}`);
    await page.getByTestId('overview-demand').getByRole('meter').waitFor();
    const chart = page.getByTestId('overview-power-chart-canvas');
    await assertDrawn(chart, 'the power chart');
    assert.match(
      (await chart.getAttribute('aria-label')) ?? '',
      new RegExp(factoryToday().replaceAll('-', '/')),
    );
    await assertDrawn(page.getByTestId('energy-distribution-chart'), 'the heatmap');

    await page.getByRole('button', { name: '中文' }).click();
    await page.getByRole('heading', { level: 1, name: '總覽' }).waitFor();
    for (const text of ['即時需量', '本月最大需量', '電力資訊', '監測線路', '用電排行']) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await assertDrawn(page.getByTestId('overview-power-chart-canvas'), '電力曲線');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('compares other channels and dates, and the bars follow', async () => {
    const { context, page, errors } = await newPage(run.browser());
    const today = factoryToday();
    const first = ratioAnswer(page, (body) => body.endDate === today);
    await openOverview(page, run.baseUrl());
    const firstAnswer = await first;
    const firstBody = (await firstAnswer.json()) as { barChartList: unknown[] };
    const chosen = (JSON.parse(firstAnswer.request().postData() ?? '{}') as RatioRequest)
      .channelIdList.length;
    assert.ok(chosen >= 2, `the root's children are compared first (${chosen})`);
    assert.equal(firstBody.barChartList.length, 7, 'the last week, one bar a day');
    const card = page.getByTestId('overview-comparison');
    await card.getByRole('tab', { name: 'Bar' }).click();
    const legend = card.getByRole('list', { name: 'Bar' });
    await assertDrawn(card.getByTestId('comparison-bar'), 'the bar chart');
    const before = await legend.textContent();
    assert.match(before ?? '', /Production Area/);

    const changed = ratioAnswer(page, (body) => body.channelIdList.length === chosen - 1);
    await card.getByRole('checkbox', { name: 'Production Area' }).uncheck();
    await changed;
    await page.waitForFunction((old) => {
      const list = document.querySelector(
        '[data-testid="overview-comparison"] ul[aria-label="Bar"]',
      );
      return list !== null && list.textContent !== old;
    }, before);
    assert.doesNotMatch((await legend.textContent()) ?? '', /Production Area/);

    const longer = ratioAnswer(page, (body) => body.startDate === daysBefore(today, 13));
    await card.getByLabel('Start date').fill(daysBefore(today, 13));
    const longerBody = (await (await longer).json()) as { barChartList: unknown[] };
    assert.equal(longerBody.barChartList.length, 14);
    await card
      .getByRole('img', { name: new RegExp(daysBefore(today, 13).replaceAll('-', '/')) })
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('opens a tree node on its Monitoring Point page', async () => {
    const { context, page, errors } = await newPage(run.browser());
    await openOverview(page, run.baseUrl());
    const tree = page.getByTestId('overview-detect-line');
    const link = tree.getByRole('link', { name: 'Production Area', exact: true });
    const href = (await link.getAttribute('href')) ?? '';
    const deviceId = new URL(href, run.baseUrl()).searchParams.get('deviceId');
    assert.ok(deviceId && Number(deviceId) > 0);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/dashboard/monitoring-point');
    await page.getByRole('heading', { level: 1, name: 'Monitor Point' }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('deviceId'), deviceId);
    assert.equal(
      await page.getByRole('combobox', { name: 'Monitoring point' }).inputValue(),
      deviceId,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows a new alarm in the Alarm card and the diary without a reload', async () => {
    const { context, page, errors } = await newPage(run.browser());
    await openOverview(page, run.baseUrl());
    await page.getByTestId('connection-status').getByText('connected', { exact: true }).waitFor();
    const alarmCard = page.getByTestId('overview-alarm');
    assert.equal(await alarmCard.getByText('Test alarm', { exact: true }).count(), 0);

    const demo = await signInApi(run.baseUrl(), DEMO);
    await callApi(run.baseUrl(), '/api/test/alarm', {}, demo);
    await alarmCard.getByText('Test alarm', { exact: true }).waitFor();
    // The diary follows from the Overview's refetch, within seconds.
    await page
      .getByTestId('overview-diary')
      .getByText(/A test alarm raised by/)
      .first()
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
