import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { DEMO, newPage, signIn } from '../support/browser.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

/** "1,234.5" (either language) → 1234.5; NaN for a dash or anything else. */
function numberIn(text: string | null): number {
  const cleaned = (text ?? '').replace(/,/g, '').trim();
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The value of a label/value tile (StatList) inside `scope`. */
async function statValue(scope: Locator, label: string): Promise<number> {
  const tile = scope.locator('.wb-mp-stat', {
    has: scope.page().getByText(label, { exact: true }),
  });
  return numberIn(await tile.locator('dd').first().textContent());
}

function factoryToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
}

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

function search(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** Waits for the Monitor Device answer for this node and range (the page polls, too). */
function deviceAnswer(page: Page, deviceId: string, start: string) {
  return page.waitForResponse((response) => {
    if (!response.url().endsWith('/v1/Web/Monitor/Device')) return false;
    const body = JSON.parse(response.request().postData() ?? '{}') as {
      deviceId?: number;
      timeRange?: { start?: string };
    };
    return String(body.deviceId) === deviceId && body.timeRange?.start === start;
  });
}

/**
 * Reads until `ok` holds, reloading the page in between: on a fresh start the
 * simulator is still writing history (newest first) while the test runs, so a
 * figure may need a few seconds to settle. Fails with the last value after 60 s.
 */
async function eventually<T>(
  page: Page,
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read().catch((error: unknown) => error);
    if (!(value instanceof Error) && ok(value as T)) return value as T;
    if (Date.now() > deadline) assert.fail(`${what}: last read ${String(value)}`);
    await page.waitForTimeout(2000);
    await page.reload();
  }
}

/** Waits until no card is dimmed for a newer answer. */
async function settled(page: Page) {
  await page.getByTestId('channel-card').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-refreshing]'));
}

async function openMonitorPoint(page: Page, baseUrl: string) {
  // Each test file starts the product afresh, so these tests run while the simulator
  // writes its 90 days of history; answers can then take seconds on a 2-core machine.
  page.context().setDefaultTimeout(60_000);
  await signIn(page, baseUrl, DEMO);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Monitor Point' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Monitor Point' }).waitFor();
}

describe('the Monitor Point page', needsBrowser, () => {
  const run = useProductAndBrowser();

  it("shows the simulator's live numbers for a circuit, and follows node and dates in the URL", async () => {
    const { context, page, errors } = await newPage(run.browser());
    await openMonitorPoint(page, run.baseUrl());
    const today = factoryToday();
    const firstNode = search(page).get('deviceId');

    // The server room runs day and night: it always draws power.
    await page
      .getByRole('combobox', { name: 'Monitoring point' })
      .selectOption({ label: 'Server Room' });
    await page.waitForURL((url) => url.searchParams.get('deviceId') !== firstNode);
    const nodeId = search(page).get('deviceId')!;
    const card = page.getByTestId('channel-card').filter({
      has: page.getByRole('heading', { name: 'Server Room' }),
    });
    await card.waitFor();
    const powerRow = card.getByRole('row', { name: /^Power \(kW\)/ });
    const phaseKw = (await powerRow.getByRole('cell').allTextContents()).map(numberIn);
    assert.ok(phaseKw.length === 2, `split-phase wiring shows L1 and L2, got ${phaseKw.length}`);
    assert.ok(
      phaseKw.every((kw) => kw > 0),
      `every phase draws power: ${phaseKw.join(', ')}`,
    );

    // Today's typical day, from the simulator's history of today's kind of day (docs/baseline.md):
    // a dashed line in the power chart's legend and a line saying what it is made of.
    const power = page.getByTestId('power-detail');
    const typicalNote = await eventually(
      page,
      'the typical day of today',
      async () =>
        (await power.getByTestId('typical-day-note').textContent({ timeout: 5000 })) ?? '',
      (text) => /the median of the [2-8] latest earlier/.test(text),
    );
    assert.match(typicalNote, /^Typical day \(dashed\)/);
    await power.getByRole('list', { name: 'Chart series' }).getByText('Typical day (kW)').waitFor();

    // A week: the URL carries the new range, and every card answers for it.
    const week = deviceAnswer(page, nodeId, daysBefore(today, 6));
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.waitForURL((url) => url.searchParams.get('startDate') === daysBefore(today, 6));
    assert.equal(search(page).get('endDate'), today);
    assert.equal(search(page).get('deviceId'), nodeId);
    await week;
    await page.getByRole('img', { name: 'Heatmap of energy per hour, 7 days' }).waitFor();
    const energy = card.getByTestId('energy');
    const results = page.getByTestId('consumption-results');
    // The consumption query starts with the page range over whole days: the same energy as
    // the card's forward kWh (within 1 %: a live reading may land between the two calls).
    const [forward, total] = await eventually(
      page,
      'forward kWh of the week and the consumption total',
      async () => {
        await settled(page);
        await results.waitFor({ timeout: 5000 });
        return [
          await statValue(energy, 'Forward (kWh)'),
          await statValue(results, 'Total Consumed (kwh)'),
        ];
      },
      ([f, t]) => f! > 0 && Math.abs(t! - f!) <= Math.max(1, f! * 0.01),
    );
    assert.ok(forward! > 0 && total! > 0);
    assert.ok((await statValue(energy, 'CO2 (kg)')) > 0);
    assert.ok((await statValue(card.getByTestId('demand'), 'Max')) > 0);

    // The power detail chart follows the resolution picker, and so does the URL.
    await power.getByRole('img', { name: /5-minute resolution/ }).waitFor();
    await power.getByRole('button', { name: '60 min' }).click();
    await page.waitForURL((url) => url.searchParams.get('resolution') === '60');
    await power.getByRole('img', { name: /60-minute resolution/ }).waitFor();
    assert.ok((await statValue(power, 'Total Consumed (kwh)')) > 0);

    // The URL is the state: a reload shows the same node, range and resolution.
    await page.reload();
    await card.waitFor();
    assert.equal(
      await page.getByRole('combobox', { name: 'Monitoring point' }).inputValue(),
      nodeId,
    );
    assert.equal(
      await power.getByRole('button', { name: '60 min' }).getAttribute('aria-pressed'),
      'true',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows a meter with its circuits and the solar feed-in, in Chinese', async () => {
    const { context, page, errors } = await newPage(run.browser());
    await openMonitorPoint(page, run.baseUrl());
    await page.getByRole('button', { name: '中文' }).click();
    await page.getByRole('heading', { level: 1, name: '監測點' }).waitFor();
    await page
      .getByRole('combobox', { name: '監測點' })
      .selectOption({ label: '太陽能變流器電表' });
    const cards = page.getByTestId('channel-card');
    await cards.filter({ has: page.getByRole('heading', { name: '太陽能變流器 2' }) }).waitFor();
    assert.equal(await cards.count(), 3, 'the meter and its two inverters');
    for (const text of ['即時需量', '本月最大需量', '逆向 (kWh)']) {
      await cards.first().getByText(text, { exact: true }).waitFor();
    }
    for (const name of ['能耗分布', '電力明細', '用電查詢']) {
      await page.getByRole('heading', { level: 2, name }).waitFor();
    }
    await page.getByRole('group', { name: '解析度' }).waitFor();
    await page
      .getByRole('combobox', { name: '迴路選擇' })
      .selectOption({ label: '太陽能變流器 1' });
    assert.equal(await cards.count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
