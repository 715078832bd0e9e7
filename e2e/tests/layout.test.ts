import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN, signIn } from '../support/browser.ts';
import { layoutFaults, type LayoutFault } from '../support/layout-faults.ts';
import { settle } from '../support/settle.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';
// The app's own list: a new Admin section is checked without editing this file.
import { ADMIN_SECTIONS } from '../../apps/web/src/features/admin/model/sections.ts';

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
  // Issue #28: every page works on the narrowest phones still common (360 px Android).
  { width: 360, height: 740 },
];
/** Every page the Admin user can open, by its address (a circuit's Monitoring Point too). */
function pagesOf(circuitId: string): string[] {
  return [
    '/dashboard/overview',
    '/dashboard/monitoring-point',
    `/dashboard/monitoring-point?deviceId=${circuitId}`,
    '/dashboard/report',
    '/dashboard/control',
    ...ADMIN_SECTIONS.map((section) => `/dashboard/admin/${section}`),
  ];
}

/** The product font's faces: the code points each holds (its unicode-range) and whether it was fetched. */
async function productFaces(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return Array.from(document.fonts as unknown as Iterable<FontFace>)
      .filter((face) => face.family.replaceAll('"', '') === 'Wattboard UI TC')
      .map((face) => ({
        loaded: face.status === 'loaded',
        ranges: face.unicodeRange.split(',').map((part: string) => {
          const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
          return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as const;
        }),
      }));
  });
}

/**
 * Issue #23, the class behind "新臺幣 932,050 元 runs out of the card": on
 * every page, in both languages, at 1366, 390 and 360 px, no visible text runs
 * out of its card or the screen, is cut off, or lies on other text —
 * measured from the rendered boxes (support/layout-faults.ts).
 */
describe('layout: text fits its card', needsBrowser, () => {
  const run = useProductAndBrowser();

  /** A fresh English profile at 1366 px, signed in as Admin (who sees every page). */
  async function adminAtDesktop() {
    const context = await run.browser().newContext({ locale: 'en-US', viewport: WIDTHS[0] });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    const base = run.baseUrl();
    await signIn(page, base, ADMIN);
    return { context, page, base };
  }

  it('finds each kind of fault in a page made to have them, and nothing where text fits', async () => {
    const page = await run.browser().newPage({ viewport: { width: 400, height: 600 } });
    await page.setContent(`<body style="margin:0;font:16px sans-serif">
      <div class="wb-card" style="width:100px"><span style="white-space:nowrap">NT$ 932,050,000 runs out</span></div>
      <div class="wb-card" style="width:300px">fits well</div>
      <div class="wb-card" style="width:100px;overflow:hidden"><span style="white-space:nowrap">cut off by its card</span></div>
      <div class="wb-card" style="width:100px"><span style="display:block;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">an ellipsis says so</span></div>
      <div class="wb-card" style="width:100px;overflow-x:auto"><span style="white-space:nowrap">a table that scrolls sideways</span></div>
      <div style="position:relative;height:40px"><span style="position:absolute;left:0">first figure</span><span style="position:absolute;left:30px">second</span></div>
      <p style="white-space:nowrap">a line far wider than the phone it is shown on, and then some more words</p>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">for screen readers</span>
    </body>`);
    const faults = (await layoutFaults(page)).map((f) => `${f.kind}: ${f.text}`);
    assert.deepEqual(faults.sort(), [
      'clipped: cut off by its card',
      'outside card: NT$ 932,050,000 runs out',
      'outside screen: a line far wider than the phone it is shown on, and then some more words',
      'overlap: first figure',
    ]);
    await page.close();
  });

  it('has no text outside its card or the screen, cut off, or on other text', async () => {
    const { context, page, base } = await adminAtDesktop();
    await page.goto(`${base}/dashboard/monitoring-point`);
    await page
      .getByRole('combobox', { name: 'Monitoring point' })
      .selectOption({ label: 'Server Room' });
    await page.waitForURL(/deviceId=/);
    const circuitId = new URL(page.url()).searchParams.get('deviceId')!;

    const found: Record<string, LayoutFault[]> = {};
    for (const language of ['en', 'zh']) {
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        for (const path of pagesOf(circuitId)) {
          await page.goto(`${base}${path}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await settle(page);
          const faults = await layoutFaults(page);
          if (faults.length > 0) found[`${language} ${size.width}px ${path}`] = faults;
        }
      }
    }
    for (const [where, faults] of Object.entries(found)) {
      console.log(`layout faults on ${where}:\n${JSON.stringify(faults, null, 1)}`);
    }
    assert.deepEqual(Object.keys(found), [], 'text runs out of its card or overlaps');
    await context.close();
  });

  it('draws 中文 with the product font on a machine that has no Chinese font', async (t) => {
    const context = await run.browser().newContext({ locale: 'zh-TW', viewport: WIDTHS[1] });
    const page = await context.newPage();
    await page.goto(`${run.baseUrl()}/dashboard/login`);
    await page.getByRole('button', { name: '登入' }).waitFor();
    const hasSystemFont = await page.evaluate(() => {
      // A system CJK font draws 中 at a different width than the generic fallback's box.
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = '20px "Noto Sans CJK TC", "Noto Sans TC", "PingFang TC", "Microsoft JhengHei"';
      const known = canvas.measureText('中').width;
      canvas.font = '20px monospace';
      return Math.abs(known - canvas.measureText('中').width) > 0.5;
    });
    const faces = await productFaces(page);
    const fetched = faces.filter((face) => face.loaded);
    if (hasSystemFont && fetched.length === 0) {
      t.skip('this machine has a Chinese font of its own: the product font is rightly not fetched');
    } else {
      const text = await page.evaluate(() => document.body.innerText);
      const shown = [...new Set([...text].filter((c) => /[\u3000-\u9fff\uff00-\uffef]/.test(c)))];
      assert.ok(shown.length > 5, 'the login screen shows Chinese');
      // Every character the login screen shows lies in a face that was fetched: none is a box.
      const inFetched = (c: string) =>
        fetched.some((face) =>
          face.ranges.some(
            ([a, b]: readonly [number, number]) => c.codePointAt(0)! >= a && c.codePointAt(0)! <= b,
          ),
        );
      assert.deepEqual(
        shown.filter((c) => !inFetched(c)),
        [],
        'characters without a fetched face',
      );
      // A face in the stack is not enough: Chrome on Linux answers every character from
      // system-ui, boxes (tofu) included, so a family after it is never asked. Each
      // all-Chinese text on screen must look the same drawn in the product font alone.
      const probes = await page.evaluate(() => {
        const chinese = /^[\u3000-\u9fff\uff00-\uffef]+$/;
        const ids: string[] = [];
        document.querySelectorAll('body *').forEach((element, index) => {
          const text = element.textContent?.trim() ?? '';
          if (element.children.length > 0 || !chinese.test(text)) return;
          if ((element as HTMLElement).offsetWidth === 0) return;
          element.setAttribute('data-glyph-probe', String(index));
          ids.push(String(index));
        });
        return ids;
      });
      assert.ok(probes.length >= 3, 'the login screen has Chinese-only texts');
      const boxes: string[] = [];
      for (const id of probes) {
        const element = page.locator(`[data-glyph-probe="${id}"]`);
        const asShown = await element.screenshot();
        await element.evaluate((node) => {
          (node as HTMLElement).style.fontFamily = "'Wattboard UI TC'";
        });
        if (!asShown.equals(await element.screenshot())) boxes.push((await element.textContent())!);
      }
      assert.deepEqual(boxes, [], 'characters drawn as boxes');
    }
    await context.close();
  });
  it('keeps the trial’s display fixes: dev-mode links, a circuit in the report, 中文 group names, units’ case, a phone table’s cue', async () => {
    const { context, page, base } = await adminAtDesktop();

    // Item 11: with ?is_dev=1 every link but Admin's carries it.
    await page.goto(`${base}/dashboard/overview?is_dev=1`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Report' }).waitFor();
    assert.match(
      (await nav.getByRole('link', { name: 'Report' }).getAttribute('href'))!,
      /is_dev=1/,
    );
    assert.doesNotMatch(
      (await nav.getByRole('link', { name: 'Admin' }).getAttribute('href'))!,
      /is_dev/,
    );

    // Item 12: the report opened on a circuit has that circuit chosen, not its meter's "All channels".
    await page.goto(`${base}/dashboard/monitoring-point`);
    await page
      .getByRole('combobox', { name: 'Monitoring point' })
      .selectOption({ label: 'Server Room' });
    await page.waitForURL(/deviceId=/);
    const circuitId = new URL(page.url()).searchParams.get('deviceId')!;
    await page.goto(`${base}/dashboard/report?deviceId=${circuitId}`);
    await page.getByRole('heading', { level: 1, name: 'Report' }).waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('select')).some(
        (select) => select.selectedOptions[0]?.textContent?.trim() === 'Server Room',
      ),
    );

    // Item 8: no table header shouts its units (kWh stays kWh).
    await page.goto(`${base}/dashboard/monitoring-point?deviceId=${circuitId}`);
    await page.locator('th').first().waitFor();
    const shouting = await page.evaluate(() =>
      Array.from(document.querySelectorAll('th, label, dt, legend'))
        .filter((el) => getComputedStyle(el).textTransform === 'uppercase')
        .map((el) => el.textContent),
    );
    assert.deepEqual(shouting, []);

    // Item 6: at 390 px a table wider than the phone says so and scrolls.
    await page.setViewportSize(WIDTHS[1]!);
    await page.goto(`${base}/dashboard/admin/users`);
    await page.getByText('More columns: scroll sideways →').first().waitFor();
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      'the page itself does not scroll sideways',
    );

    // Item 3: seeded group names in 中文.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.goto(`${base}/dashboard/control`);
    await page.getByRole('heading', { level: 2, name: '照明' }).waitFor();
    await page.getByRole('heading', { level: 2, name: '空調' }).waitFor();
    await context.close();
  });
});
