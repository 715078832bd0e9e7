import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { DEMO, newPage, signIn } from '../support/browser.ts';
import {
  assertSameRows,
  readCsvFile,
  readShownTable,
  readXlsxFile,
  type FileTable,
} from '../support/report-files.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

const TEXTS = {
  en: {
    nav: 'Report',
    meterLabel: 'Meter',
    meter: 'Lighting Meter',
    start: 'Start date',
    end: 'End date',
    csv: 'Export CSV',
    xlsx: 'Export Excel',
    energy: 'Energy',
    hour: 'Hour',
    readings: (meter: string) => `Readings of ${meter}`,
    energyByHour: (meter: string) => `Energy of ${meter} per Hour`,
    times: ['Reading time', 'Received time', 'Interval start'],
    voltage: (phase: string) => `Voltage ${phase} (V)`,
    fileLang: 'en',
  },
  zh: {
    nav: '報表',
    meterLabel: '電表',
    meter: '照明電表',
    start: '開始日期',
    end: '結束日期',
    csv: '匯出 CSV',
    xlsx: '匯出 Excel',
    energy: '電能',
    hour: '小時',
    readings: (meter: string) => `${meter} 的讀值`,
    energyByHour: (meter: string) => `${meter} 每小時的電能`,
    times: ['讀值時間', '接收時間', '區間開始'],
    voltage: (phase: string) => `電壓 ${phase} (V)`,
    fileLang: 'zh-TW',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** A day in the simulator's quarter-hour history (1 to 7 days back): stored early on a first start. */
function factoryDay(daysBack: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysBack);
  return day.toISOString().slice(0, 10);
}

/**
 * Reloads until the table holds the same number of rows twice in a row: on a
 * first start the simulator may still be storing history while the test runs.
 */
async function settledTable(page: Page, table: Locator) {
  let previous = -1;
  // Older days of the 90-day history are stored last: two months back can take a while to settle.
  const deadline = Date.now() + 180_000;
  for (;;) {
    // The range's days may not be stored yet (the simulator stores history newest first, slower
    // on the embedded database's baseline compiler): no rows yet is read again, not waited out.
    const rows = await table
      .locator('tbody tr[aria-rowindex]')
      .first()
      .waitFor({ timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    if (!rows) {
      assert.ok(Date.now() < deadline, 'the table showed no rows within 180 s');
      await page.reload();
      continue;
    }
    const total = Number(await table.getAttribute('aria-rowcount'));
    if (total === previous) return;
    assert.ok(Date.now() < deadline, `the table did not settle (last ${total - 1} rows)`);
    previous = total;
    await page.waitForTimeout(2000);
    await page.reload();
  }
}

/** Clicks an export button and reads the file the browser downloaded. */
async function exported(
  page: Page,
  button: string,
  read: (path: string) => Promise<FileTable>,
  nameParts: string[],
) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  const name = download.suggestedFilename();
  for (const part of nameParts) assert.ok(name.includes(part), `"${name}" names ${part}`);
  const path = await download.path();
  assert.ok(path, 'the download was saved');
  return read(path);
}

/** Scrolls the table's region to its end and waits until its last row is drawn. */
async function scrollToEnd(page: Page, table: Locator, total: number) {
  await table.locator('xpath=..').evaluate((region) => {
    region.scrollTop = region.scrollHeight;
  });
  await table.locator(`tbody tr[aria-rowindex="${total + 1}"]`).waitFor();
}

async function checkReport(page: Page, baseUrl: string, texts: Texts, language: 'en' | 'zh') {
  page.context().setDefaultTimeout(60_000);
  await signIn(page, baseUrl, DEMO);
  if (language === 'zh') await page.getByRole('button', { name: '中文' }).click();
  await page.getByRole('navigation').getByRole('link', { name: texts.nav }).click();
  await page.getByRole('heading', { level: 1, name: texts.nav }).waitFor();

  // A meter and a day: the Lighting meter (split-phase and single circuits) five days ago.
  const day = factoryDay(5);
  await page.getByRole('combobox', { name: texts.meterLabel }).selectOption({ label: texts.meter });
  await page.getByLabel(texts.start).fill(day);
  await page.getByLabel(texts.end).fill(day);
  await page.waitForURL((url) => url.searchParams.get('startDate') === day);
  assert.equal(new URL(page.url()).searchParams.get('endDate'), day);

  const readings = page.getByRole('table', { name: texts.readings(texts.meter) });
  await settledTable(page, readings);
  let shown = await readShownTable(readings);
  assert.ok(shown.total > 0, 'the day has readings');
  assert.ok(shown.headers.includes(texts.voltage('A')), 'phase A is shown');
  assert.ok(!shown.headers.includes(texts.voltage('C')), 'no meter circuit has a phase C');
  const names = [texts.meter, `${day}_${day}`, `_${texts.fileLang}.`];

  const csv = await exported(page, texts.csv, readCsvFile, [...names, '.csv']);
  assertSameRows(shown, csv, [...texts.times], 'readings CSV, first rows');
  await scrollToEnd(page, readings, shown.total);
  shown = await readShownTable(readings);
  assertSameRows(shown, csv, [...texts.times], 'readings CSV, last rows');
  const xlsx = await exported(page, texts.xlsx, readXlsxFile, [...names, '.xlsx']);
  assertSameRows(shown, xlsx, [...texts.times], 'readings .xlsx, last rows');

  // Energy by the hour: one row per channel and hour, the same figures in both files.
  await page.getByRole('button', { name: texts.energy, exact: true }).click();
  await page.getByRole('button', { name: texts.hour, exact: true }).click();
  const energy = page.getByRole('table', { name: texts.energyByHour(texts.meter) });
  await energy.locator('tbody tr[aria-rowindex]').first().waitFor();
  const byHour = await readShownTable(energy);
  assert.equal(byHour.total % 24, 0, `24 hours per channel, got ${byHour.total} rows`);
  const energyNames = [...names, '_energy-hour_'];
  const energyCsv = await exported(page, texts.csv, readCsvFile, [...energyNames, '.csv']);
  assertSameRows(byHour, energyCsv, [...texts.times], 'energy CSV');
  const energyXlsx = await exported(page, texts.xlsx, readXlsxFile, [...energyNames, '.xlsx']);
  assertSameRows(byHour, energyXlsx, [...texts.times], 'energy .xlsx');
}

/**
 * Two months of readings: more than the page downloads itself, so the export
 * goes through the signed link and the browser saves the file on its own.
 */
async function checkLongExport(page: Page, baseUrl: string) {
  const texts = TEXTS.en;
  page.context().setDefaultTimeout(60_000);
  await signIn(page, baseUrl, DEMO);
  const [start, end] = [factoryDay(62), factoryDay(2)];
  await page.getByRole('navigation').getByRole('link', { name: texts.nav }).click();
  await page.getByRole('combobox', { name: texts.meterLabel }).selectOption({ label: texts.meter });
  await page.getByLabel(texts.start).fill(start);
  await page.getByLabel(texts.end).fill(end);
  await page.waitForURL(
    (url) => url.searchParams.get('startDate') === start && url.searchParams.get('endDate') === end,
  );
  const readings = page.getByRole('table', { name: texts.readings(texts.meter) });
  await settledTable(page, readings);
  const shown = await readShownTable(readings);
  assert.ok(shown.total > 24 * 60, `two months of readings, got ${shown.total}`);
  const [linkAnswer, csv] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/Report/ExportLink')),
    exported(page, texts.csv, readCsvFile, [texts.meter, `${start}_${end}`, '_en.csv']),
  ]);
  assert.equal(linkAnswer.status(), 200);
  await page.getByText('Your browser is downloading').waitFor();
  assertSameRows(shown, csv, [...texts.times], 'two months by signed link');
}

describe('the Report page', needsBrowser, () => {
  const run = useProductAndBrowser();

  it("shows a meter's day, and its CSV and Excel files hold what the table showed", async () => {
    const { context, page, errors } = await newPage(run.browser());
    await checkReport(page, run.baseUrl(), TEXTS.en, 'en');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('does the same in 中文: headers, names and files in Traditional Chinese', async () => {
    const { context, page, errors } = await newPage(run.browser());
    await checkReport(page, run.baseUrl(), TEXTS.zh, 'zh');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('hands two months of readings to the browser through a signed link', async () => {
    const { context, page, errors } = await newPage(run.browser());
    await checkLongExport(page, run.baseUrl());
    assert.deepEqual(errors, []);
    await context.close();
  });
});
