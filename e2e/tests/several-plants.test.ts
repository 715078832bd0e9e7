import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO, newPage, signIn } from '../support/browser.ts';
import { callApi, ingest, signInApi } from '../support/api.ts';
import { repoRoot } from '../support/server-process.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

/** A second plant, onboarded with the real command before the server starts. */
const ACME = { email: 'manager@acme.test', password: 'acme-password' };
/** What Acme's meter counted in the last minutes; the demo factory has no readings at all. */
const ACME_KWH = 234.5;

function numberIn(text: string | null): number {
  const match = /-?[\d,]+(\.\d+)?/.exec(text ?? '');
  return match ? Number(match[0].replace(/,/g, '')) : Number.NaN;
}

async function todayKwh(page: Page): Promise<string> {
  const figure = page.getByTestId('overview-usage').getByTestId('usage-kwh').first();
  await figure.waitFor();
  return (await figure.textContent()) ?? '';
}

/** Waits until today's kWh on the Overview reads Acme's figure. */
async function waitForAcmeFigure(page: Page) {
  const deadline = Date.now() + 20_000;
  while (Math.abs(numberIn(await todayKwh(page)) - ACME_KWH) > 0.05) {
    if (Date.now() > deadline) assert.fail(`today reads ${await todayKwh(page)}, not ${ACME_KWH}`);
    await page.waitForTimeout(200);
  }
}

// Issue #30 (decision 0089): the demo user also belongs to Acme and switches between the two.
describe('several plants per person', needsBrowser, () => {
  let acmeGatewayKey = '';
  // No simulator: the demo factory has no figures of its own, so Acme's are unmistakable.
  const run = useProductAndBrowser(
    { LOG_LEVEL: 'info', SIMULATOR: 'off' },
    {
      beforeStart: async (_dataDir, env) => {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            'apps/server/src/modules/factory/cli/add-factory-main.ts',
            ...['--slug', 'acme', '--name', 'Acme Plant', '--name-zh', '艾克米廠'],
            ...['--email', ACME.email, '--password', ACME.password],
          ],
          { cwd: repoRoot, env },
        );
        acmeGatewayKey = (JSON.parse(stdout) as { gatewayKey: string }).gatewayKey;
      },
    },
  );

  before(async () => {
    const base = run.baseUrl();
    // Acme's Admin adds the demo user, who has an account in the demo factory, by e-mail.
    const acmeAdmin = await signInApi(base, ACME);
    const added = await callApi<{ statusCode: number }>(
      base,
      '/v1/Admin/Member/Add',
      { userEmail: DEMO.email, role: 'viewer' },
      acmeAdmin,
    );
    assert.equal(added.statusCode, 200);
    const now = Date.now();
    const phase = { voltage: 220, current: 10, kw: 2.2, pf: 0.95 };
    const reading = (minutesAgo: number, kwhForward: number) => ({
      serial: 'ACME-M01',
      ts: new Date(now - minutesAgo * 60_000).toISOString(),
      phases: { a: phase, b: phase, c: phase },
      kwhForward,
    });
    await ingest(base, acmeGatewayKey, [reading(6, 1000), reading(1, 1000 + ACME_KWH)]);
  });

  it('in English at 1366 px: the header switches to Acme and the Overview shows its figures', async () => {
    const { page, context } = await newPage(run.browser());
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, run.baseUrl(), DEMO);
    const switcher = page.getByRole('combobox', { name: 'Factory' });
    await switcher.waitFor();
    assert.deepEqual(await switcher.locator('option').allTextContents(), [
      'Wattboard Demo Factory',
      'Acme Plant',
    ]);
    const before = await todayKwh(page);
    assert.notEqual(numberIn(before), ACME_KWH, `the demo factory reads ${before}`);

    await switcher.selectOption({ label: 'Acme Plant' });
    await page.getByText('Now showing Acme Plant.').waitFor();
    await waitForAcmeFigure(page);
    // The live connection came back, for Acme now.
    await page.getByTestId('connection-status').getByText('connected', { exact: true }).waitFor();
    // A reload keeps the session on Acme: the server holds the factory, not the page.
    await page.reload();
    await waitForAcmeFigure(page);
    assert.equal(
      await switcher.inputValue(),
      await switcher.locator('option').nth(1).getAttribute('value'),
    );
    await context.close();
  });

  it('in 中文 at 390 px: the switcher fits the header, and switching back shows the demo factory again', async () => {
    const { page, context } = await newPage(run.browser());
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, run.baseUrl(), DEMO);
    await page.goto(`${run.baseUrl()}/dashboard/overview?lng=zh`);
    await page.getByRole('heading', { level: 1, name: '總覽' }).waitFor();
    const switcher = page.getByRole('combobox', { name: '工廠' });
    await switcher.waitFor();
    assert.deepEqual(await switcher.locator('option').allTextContents(), [
      '瓦特板示範工廠',
      '艾克米廠',
    ]);
    const box = await switcher.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `switcher at ${JSON.stringify(box)}`);
    const demoFigure = await todayKwh(page);

    await switcher.selectOption({ label: '艾克米廠' });
    await page.getByText('已切換至艾克米廠。').waitFor();
    await waitForAcmeFigure(page);

    await switcher.selectOption({ label: '瓦特板示範工廠' });
    await page.getByText('已切換至瓦特板示範工廠。').waitFor();
    const deadline = Date.now() + 20_000;
    while ((await todayKwh(page)) !== demoFigure) {
      if (Date.now() > deadline)
        assert.fail(`today reads ${await todayKwh(page)}, not ${demoFigure}`);
      await page.waitForTimeout(200);
    }
    await context.close();
  });
});
