import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { callApi, ingest, signInApi, type ApiSession } from '../support/api.ts';
import { ADMIN, DEMO, newPage, signIn } from '../support/browser.ts';
import { layoutFaults } from '../support/layout-faults.ts';
import { mailText } from '../support/mail-text.ts';
import { settle } from '../support/settle.ts';
import { startInbox, type TestInbox } from '../support/smtp.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';
import {
  COMPRESSOR,
  compressorReadings,
  injectedFrom,
  lastReportWeek,
} from '../support/weekend-compressor.ts';

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

interface Finding {
  name: string;
  chName: string;
  costPerWeek: number | null;
}

interface Language {
  code: string;
  title: string;
  seeAll: string;
  money: RegExp;
  pointOf: (finding: Finding) => string;
}

const LANGUAGES: Language[] = [
  {
    code: 'en',
    title: 'Waste findings',
    seeAll: 'See all findings',
    money: /NT\$[\d,]+/,
    pointOf: (finding: Finding) => finding.name,
  },
  {
    code: 'zh',
    title: '能源浪費診斷',
    seeAll: '查看全部浪費項目',
    money: /新臺幣 [\d,.]+ 元/,
    pointOf: (finding: Finding) => finding.chName,
  },
];

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

/**
 * No text of the page, or of `part` only, runs out of its card or the screen,
 * is cut off or lies on other text, at a laptop's and a phone's width.
 */
async function expectNoLayoutFaults(page: Page, where: string, part?: Locator) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settle(page);
    const partText = part ? await part.innerText() : null;
    const faults = (await layoutFaults(page)).filter(
      (fault) => partText === null || partText.includes(fault.text),
    );
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
  let inbox: TestInbox;
  before(async () => {
    inbox = await startInbox();
  });
  after(() => inbox.close());
  const run = useProductAndBrowser(() => ({ SMTP_URL: inbox.url }));

  it("shows last week's findings with their NT$ on the Overview and the page, in English and 中文", async () => {
    const base = run.baseUrl();
    const today = factoryToday();
    const week = { startDate: daysBefore(today, 7), endDate: daysBefore(today, 1) };
    const { context, page, errors } = await newPage(run.browser());
    await page.setViewportSize(WIDTHS[0]!);
    await signIn(page, base, DEMO);

    let findingsCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/Web/Waste/Findings')) findingsCalls += 1;
    });
    // The card asks once it is near the screen; its answer is what the server found.
    const asked = page.waitForResponse((r) => r.url().endsWith('/v1/Web/Waste/Findings'));
    const card = page.getByTestId('overview-waste');
    await card.scrollIntoViewIfNeeded();
    const response = await asked;
    const body = response.request().postDataJSON() as Record<string, unknown>;
    assert.deepEqual([body.startDate, body.endDate], [week.startDate, week.endDate]);
    const first = ((await response.json()) as { findings: Finding[] }).findings[0];
    assert.ok(first, `the demo's last week has findings (${week.startDate}..${week.endDate})`);
    assert.notEqual(first.costPerWeek, null, 'the demo factory has a tariff');

    const table = page.getByTestId('waste-findings');
    const firstRow = table.locator('tbody tr').first();
    const [english, chinese] = LANGUAGES;
    const checkCard = async (language: Language) => {
      const total = card.getByTestId('waste-card-total');
      await total.waitFor();
      assert.match((await total.textContent()) ?? '', language.money);
      const top = (await card.getByRole('listitem').first().textContent()) ?? '';
      assert.ok(top.includes(language.pointOf(first)), `${top} names ${language.pointOf(first)}`);
      assert.match(top, language.money);
      // The whole Overview after going from a laptop's width to a phone's without a reload: the
      // charts' canvases once kept the Comparison card as wide as before (charts.css).
      await expectNoLayoutFaults(page, `${language.code} Overview`);
    };
    const checkPage = async (language: Language) => {
      await page.getByRole('heading', { level: 1, name: language.title }).waitFor();
      await table.waitFor();
      assert.equal(await firstRow.locator('th').textContent(), language.pointOf(first));
      assertShownCost(await firstRow.getByTestId('waste-cost').textContent(), first.costPerWeek);
      assert.match((await page.getByTestId('waste-total').textContent()) ?? '', language.money);
      await expectNoLayoutFaults(page, `${language.code} waste page`);
    };

    await checkCard(english!);
    await card.getByRole('link', { name: english!.seeAll }).click();
    await page.waitForURL(`**/dashboard/waste?startDate=${week.startDate}&endDate=${week.endDate}`);
    // The page shows the card's answer, kept in the browser: no second run of the finder.
    await checkPage(english!);

    // In 中文, switched in the page (the sidebar shows at the laptop's width), and back to the card.
    await page.setViewportSize(WIDTHS[0]!);
    await page.getByRole('button', { name: '中文' }).click();
    await checkPage(chinese!);
    await page.setViewportSize(WIDTHS[0]!);
    await page.getByRole('link', { name: '總覽' }).click();
    await card.scrollIntoViewIfNeeded();
    await checkCard(chinese!);

    // One run of the finder for all of it: the page and the second card used the kept answer.
    assert.equal(findingsCalls, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  // Issue #27's "done means": a compressor left running over a weekend, sent in by a meter like
  // any other, is found with its NT$ on the page and named in the weekly report's mail.
  it('finds an injected weekend compressor, on the page and in the weekly mail, in English and 中文', async () => {
    const base = run.baseUrl();
    const now = new Date();
    const week = lastReportWeek(now);
    const admin = await signInApi(base, ADMIN);
    const added = await callApi<{ statusCode: number; node: { id: number } }>(
      base,
      '/v1/Admin/Node/Add',
      { factoryId: 0, type: 'smartMeter', parentId: null, wiring: 'a,b,c', ...pick(COMPRESSOR) },
      admin,
    );
    assert.equal(added.statusCode, 200);
    const readings = compressorReadings(now);
    for (let i = 0; i < readings.length; i += 1000) {
      await ingest(base, run.product().gatewayKey!, readings.slice(i, i + 1000));
    }

    // The server's finding, once the rollups have taken the readings in: worked out by hand.
    const demo = await signInApi(base, DEMO);
    const { finding, ntdPerKwh } = await findingOf(base, demo, added.node.id, week);
    assert.equal(finding.kind, 'offHours');
    assert.equal(Date.parse(finding.start), injectedFrom(week));
    assert.ok(Math.abs(finding.kwh - COMPRESSOR.expectedKwh) < 0.01, `${finding.kwh} kWh`);
    assert.equal(finding.kwhPerWeek, finding.kwh, 'under a week: all of it');
    assert.ok(ntdPerKwh !== null && ntdPerKwh > 0, 'the demo factory has a tariff');
    const cost = Math.round(finding.kwhPerWeek * ntdPerKwh * 100) / 100;
    assert.ok(Math.abs((finding.costPerWeek ?? NaN) - cost) <= 0.01, `NT$${finding.costPerWeek}`);

    // The page of the report's week shows it with that NT$, in both languages.
    const { context, page, errors } = await newPage(run.browser());
    await page.setViewportSize(WIDTHS[0]!);
    await signIn(page, base, DEMO);
    await page.goto(`${base}/dashboard/waste?startDate=${week.from}&endDate=${week.to}`);
    for (const language of LANGUAGES) {
      if (language.code === 'zh') await page.getByRole('button', { name: '中文' }).click();
      await page.getByRole('heading', { level: 1, name: language.title }).waitFor();
      const row = page
        .getByTestId('waste-findings')
        .locator('tbody tr')
        .filter({ has: page.locator('th', { hasText: language.pointOf(finding) }) });
      assertShownCost(await row.getByTestId('waste-cost').textContent(), finding.costPerWeek);
    }
    assert.deepEqual(errors, []);
    await context.close();

    // The weekly report sent now names it among the week's three largest, in both languages.
    const receiver = 'energy-manager@demo.test';
    const saved = await callApi<{ statusCode: number }>(
      base,
      '/v1/Admin/ScheduledReport/Update',
      { factoryId: 0, kind: 'weekly', enabled: false, receivers: [receiver] },
      admin,
    );
    assert.equal(saved.statusCode, 200);
    const sent = await callApi<{ statusCode: number; period: { from: string; to: string } }>(
      base,
      '/v1/Admin/ScheduledReport/SendNow',
      { factoryId: 0, kind: 'weekly' },
      admin,
    );
    assert.deepEqual([sent.statusCode, sent.period], [200, { from: week.from, to: week.to }]);
    const mail = mailText((await inbox.waitFor((m) => m.to.includes(receiver), 60_000)).raw);
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const kwh = whole.format(finding.kwhPerWeek);
    const ntd = whole.format(finding.costPerWeek!);
    for (const line of [
      `${COMPRESSOR.name}: runs when nobody works, ${kwh} kWh/week (NT$${ntd})`,
      `${COMPRESSOR.chName}：無人上班時運轉，每週 ${kwh} kWh（新臺幣 ${ntd} 元）`,
    ]) {
      assert.ok(mail.includes(line), `the mail says "${line}":\n${mail.slice(0, 3000)}`);
    }
  });
});

function pick(meter: typeof COMPRESSOR) {
  return { name: meter.name, chName: meter.chName, serial: meter.serial };
}

interface PointFinding extends Finding {
  nodeId: number;
  kind: string;
  start: string;
  kwh: number;
  kwhPerWeek: number;
}

/** The finding of this point in the week, asked until the rollups have the readings (≤ 60 s). */
async function findingOf(
  base: string,
  session: ApiSession,
  nodeId: number,
  week: { from: string; to: string },
): Promise<{ finding: PointFinding; ntdPerKwh: number | null }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await callApi<{ ntdPerKwh: number | null; findings: PointFinding[] }>(
      base,
      '/v1/Web/Waste/Findings',
      { factoryId: 0, startDate: week.from, endDate: week.to },
      session,
    );
    const finding = answer.findings.find((f) => f.nodeId === nodeId);
    if (finding) return { finding, ntdPerKwh: answer.ntdPerKwh };
    if (Date.now() > deadline) {
      throw new Error(`no finding for point ${nodeId}: ${JSON.stringify(answer.findings)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
