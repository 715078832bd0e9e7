import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { callApi, signInApi } from '../support/api.ts';
import { ADMIN, DEMO, newPage, signIn } from '../support/browser.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

/** "1,234.56" → 1234.56; NaN for a dash or anything else. */
function numberIn(text: string | null): number {
  const cleaned = (text ?? '').replace(/,/g, '').trim();
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** Reads until `ok` holds, calling `between` (e.g. a reload) between tries; fails after `ms`. */
async function eventually<T>(
  what: string,
  ms: number,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  between: () => Promise<unknown> = () => Promise.resolve(),
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read().catch((error: unknown) => error);
    if (!(value instanceof Error) && ok(value as T)) return value as T;
    if (Date.now() > deadline) assert.fail(`${what}: last read ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await between();
  }
}

async function openControl(page: Page, baseUrl: string) {
  page.context().setDefaultTimeout(60_000);
  await signIn(page, baseUrl, DEMO);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Control' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Control' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Lighting' }).waitFor();
}

/** A channel's row on the Control page. */
function channelRow(page: Page, name: string): Locator {
  return page.locator('li.wb-ctl-channel', { has: page.getByText(name, { exact: true }) });
}

/** The summed kW of a circuit's phases on its Monitor Point card. */
async function circuitKw(page: Page, name: string): Promise<number> {
  const card = page
    .getByTestId('channel-card')
    .filter({ has: page.getByRole('heading', { name }) });
  const row = card.getByRole('row', { name: /^Power \(kW\)/ });
  // After a reload the cards come in only once the factory clock, the strings and the
  // device's answer are there: wait for the row instead of reading an empty page.
  await row.waitFor({ timeout: 20_000 });
  const values = (await row.getByRole('cell').allTextContents()).map(numberIn);
  if (values.length === 0 || values.some(Number.isNaN))
    throw new Error(`no kW yet: ${values.join()}`);
  return values.reduce((a, b) => a + b, 0);
}

/** The demo's seeded viewer (docs/roles.md): sees every page, changes nothing. */
const VIEWER = { email: 'viewer@wattboard.local', password: 'wattboard-viewer' };
const VIEWER_REASON = {
  en: "Your role (Viewer) can look but not switch loads. Ask your factory's Admin for the Operator role.",
  'zh-TW':
    '您的角色（檢視者）只能檢視，不能切換負載。如需此權限，請向工廠的 Admin 申請「操作員」角色。',
};

/**
 * The page's master switches and its channels' selects (action, group, shed
 * priority): how many, how many still usable, how many no role note describes.
 */
async function heldBack(page: Page) {
  return page.evaluate(() => {
    const controls = Array.from(
      document.querySelectorAll<HTMLButtonElement | HTMLSelectElement>(
        '[role="switch"], .wb-ctl-channel__controls select',
      ),
    );
    const described = (el: Element) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .some((id) => document.getElementById(id)?.dataset['testid'] === 'role-note');
    return {
      count: controls.length,
      usable: controls.filter((el) => !el.disabled).length,
      undescribed: controls.filter((el) => !described(el)).length,
    };
  });
}

describe('the Control page', needsBrowser, () => {
  const run = useProductAndBrowser();

  it('switches a lighting channel off and its kW on the Monitor Point page falls to ~0 within two minutes', async (t) => {
    const session = await signInApi(run.baseUrl(), DEMO);
    const list = await callApi<{ channelList: { id: number; name: string }[] }>(
      run.baseUrl(),
      '/v1/Web/Factory/Channel/List',
      { factoryId: 0 },
      session,
    );
    const node = list.channelList.find((c) => c.name === 'Warehouse Lighting');
    assert.ok(node, 'the demo tree has the Warehouse Lighting circuit');
    const monitorUrl = `${run.baseUrl()}/dashboard/monitoring-point?deviceId=${node.id}`;

    const { context, page, errors } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), DEMO);
    page.context().setDefaultTimeout(60_000);
    await page.goto(monitorUrl);
    const before = await eventually(
      'Warehouse Lighting draws power while its action is on',
      90_000,
      () => circuitKw(page, 'Warehouse Lighting'),
      (kw) => kw > 0.1,
      () => page.reload(),
    );

    await page.goto(`${run.baseUrl()}/dashboard/control`);
    const row = channelRow(page, 'Warehouse Lighting');
    const action = row.getByRole('combobox', { name: 'Action of Warehouse Lighting' });
    assert.equal(await action.inputValue(), 'on');
    const switchedAt = Date.now();
    await action.selectOption('off');
    await page.getByText('Action changed.').waitFor();
    // The device (the simulator) confirms: the reported status follows without a reload.
    await row
      .getByTestId('channel-status')
      .filter({ hasText: /^Off/ })
      .waitFor({ timeout: 120_000 });

    await page.goto(monitorUrl);
    const after = await eventually(
      'Warehouse Lighting falls to ~0 kW',
      120_000 - (Date.now() - switchedAt),
      () => circuitKw(page, 'Warehouse Lighting'),
      (kw) => kw < 0.05,
      () => page.reload(),
    );
    assert.ok(after < before / 10, `from ${before} kW to ${after} kW`);
    t.diagnostic(
      `${before} kW -> ${after} kW, read ${((Date.now() - switchedAt) / 1000).toFixed(1)} s after the switch`,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('paints a timer, saves it, and it is still there after a reload', async () => {
    const { context, page, errors } = await newPage(run.browser());
    await openControl(page, run.baseUrl());
    const open = async () => {
      await page.getByRole('button', { name: 'Schedule of Workshop Lighting' }).click();
      return page.getByRole('dialog', { name: 'Schedule: Workshop Lighting' });
    };
    let dialog = await open();
    const cell = (day: string, start: string, end: string) =>
      dialog.getByRole('gridcell', { name: `${day} ${start}–${end}`, exact: true });
    // Sunday night is off in the demo's shift timer: paint 01:00–03:00 by dragging.
    const from = cell('Sun', '01:00', '01:30');
    const to = cell('Sun', '02:30', '03:00');
    assert.equal(await from.getAttribute('aria-selected'), 'false');
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
    // And one half hour by keyboard: Saturday 23:30.
    await cell('Sat', '23:00', '23:30').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await dialog.getByText('Unsaved changes').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Schedule saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Lighting' }).waitFor();
    dialog = await open();
    for (const [day, start, end] of [
      ['Sun', '01:00', '01:30'],
      ['Sun', '02:30', '03:00'],
      ['Sat', '23:30', '24:00'],
    ] as const) {
      assert.equal(
        await cell(day, start, end).getAttribute('aria-selected'),
        'true',
        `${day} ${start}`,
      );
    }
    assert.equal(await cell('Sun', '03:00', '03:30').getAttribute('aria-selected'), 'false');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows a change made in another browser without a reload', async (t) => {
    const first = await newPage(run.browser());
    const second = await newPage(run.browser());
    await openControl(first.page, run.baseUrl());
    await openControl(second.page, run.baseUrl());
    const master = (page: Page) =>
      page.getByRole('switch', { name: 'Master switch of Air Conditioning' });
    assert.equal(await master(second.page).getAttribute('aria-checked'), 'true');
    // Let the second browser's hub connection come up before the change.
    await second.page.waitForTimeout(2000);
    const clickedAt = Date.now();
    await master(first.page).click();
    await first.page.getByText('Master switch changed.').waitFor();
    // The list polls every 30 s only without the hub: 10 s means the push did it.
    await second.page
      .locator('[role="switch"][aria-checked="false"]', { hasText: /Master switch/ })
      .waitFor({ timeout: 10_000 });
    t.diagnostic(`second browser followed ${Date.now() - clickedAt} ms after the click`);
    assert.equal(await master(second.page).getAttribute('aria-checked'), 'false');
    assert.deepEqual([...first.errors, ...second.errors], []);
    await first.context.close();
    await second.context.close();
  });

  it('shows the seeded viewer every switch disabled with the reason, in English and 中文, at 1366 and 390 px', async (t) => {
    const { context, page, errors } = await newPage(run.browser());
    page.context().setDefaultTimeout(60_000);
    await signIn(page, run.baseUrl(), VIEWER);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      for (const language of ['en', 'zh-TW'] as const) {
        const where = `${language} at ${width} px`;
        await page.goto(`${run.baseUrl()}/dashboard/control?lng=${language}`);
        const reason = VIEWER_REASON[language];
        const note = page.getByText(reason, { exact: true });
        await note.waitFor();
        await page.getByRole('switch').first().waitFor();
        const found = await heldBack(page);
        assert.ok(found.count >= 8, `${where}: switches and selects on the page (${found.count})`);
        t.diagnostic(`${where}: ${found.count} switches and selects, ${found.usable} usable`);
        assert.equal(found.usable, 0, `${where}: no usable switch or select`);
        assert.equal(found.undescribed, 0, `${where}: a role note says why for each`);
        // The note is on screen, within the page's width.
        const box = (await note.boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= width, `${where}: note within the width`);
      }
    }
    // A click on a held-back switch changes nothing.
    const master = page.getByRole('switch').first();
    const before = await master.getAttribute('aria-checked');
    await master.click({ force: true });
    await page.waitForTimeout(500);
    assert.equal(await master.getAttribute('aria-checked'), before);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("makes the viewer an operator in Admin › Users: the viewer's open page can then switch", async () => {
    const viewer = await newPage(run.browser());
    viewer.page.context().setDefaultTimeout(60_000);
    await signIn(viewer.page, run.baseUrl(), VIEWER);
    await viewer.page.goto(`${run.baseUrl()}/dashboard/control?lng=en`);
    await viewer.page.getByText(VIEWER_REASON.en, { exact: true }).waitFor();

    const admin = await newPage(run.browser());
    admin.page.context().setDefaultTimeout(60_000);
    await signIn(admin.page, run.baseUrl(), ADMIN);
    await admin.page.goto(`${run.baseUrl()}/dashboard/admin/users`);
    const row = admin.page.getByRole('row').filter({ hasText: VIEWER.email });
    await row.getByText('Viewer', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Change role' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Change the role of viewer' });
    await dialog.getByLabel('Role', { exact: true }).selectOption('operator');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('viewer is now Operator.').waitFor();
    await row.getByText('Operator', { exact: true }).waitFor();

    // The same session, read again: the switches are usable and the viewer's note is gone
    // (shedding priorities stay a manager's, with their own note).
    await viewer.page.reload();
    await viewer.page.getByRole('switch').first().waitFor();
    await viewer.page.waitForFunction(
      () => document.querySelectorAll('[role="switch"]:not([disabled])').length > 0,
    );
    assert.equal(await viewer.page.getByText(VIEWER_REASON.en, { exact: true }).count(), 0);
    assert.deepEqual(viewer.errors, []);
    assert.deepEqual(admin.errors, []);
    await viewer.context.close();
    await admin.context.close();
  });
});
