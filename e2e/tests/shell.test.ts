import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN, DEMO, newPage, signIn } from '../support/browser.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

function taipeiNow(): { time: string; date: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Taipei',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return {
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    date: `${parts.day} ${parts.month} ${parts.year}`,
  };
}

function seconds(hms: string): number {
  const [h, m, s] = hms.split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
}

describe('the application frame', needsBrowser, () => {
  const run = useProductAndBrowser();

  it('shows the Admin entry to the Admin user only', async () => {
    const demo = await newPage(run.browser());
    await signIn(demo.page, run.baseUrl(), DEMO);
    const demoNav = demo.page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Overview', 'Monitor Point', 'Control', 'Report']) {
      await demoNav.getByRole('link', { name }).waitFor();
    }
    assert.equal(await demoNav.getByRole('link', { name: 'Admin' }).count(), 0);
    await demo.context.close();

    const admin = await newPage(run.browser());
    await signIn(admin.page, run.baseUrl(), ADMIN);
    const adminNav = admin.page.getByRole('navigation', { name: 'Main' });
    await adminNav.getByRole('link', { name: 'Admin' }).click();
    await admin.page.waitForURL('**/dashboard/admin');
    await admin.page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    await admin.context.close();
  });

  it('builds the monitoring link from the first channel and today in the factory zone', async () => {
    const { context, page } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), DEMO);
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Monitor Point' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
    const href = new URL((await link.getAttribute('href'))!, run.baseUrl());
    assert.equal(href.pathname, '/dashboard/monitoring-point');
    assert.equal(href.searchParams.get('startDate'), today);
    assert.equal(href.searchParams.get('endDate'), today);
    assert.equal(href.searchParams.get('resolution'), '5');
    assert.ok(Number(href.searchParams.get('deviceId')) > 0, 'first channel id of the demo tree');
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Monitor Point' }).waitFor();
    assert.equal(await link.getAttribute('aria-current'), 'page');
    await context.close();
  });

  it('switches every text between English and 中文, and remembers the choice', async () => {
    const { context, page } = await newPage(run.browser());
    await page.goto(`${run.baseUrl()}/dashboard/login`);
    await page.getByRole('button', { name: '中文' }).click();
    await page.getByRole('button', { name: '登入' }).waitFor();
    await page.getByLabel('帳號').waitFor();
    await page.getByLabel('密碼').waitFor();

    await page.getByLabel('帳號').fill(DEMO.email);
    await page.getByLabel('密碼').fill(DEMO.password);
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL('**/dashboard/overview');
    await page.getByRole('heading', { level: 1, name: '總覽' }).waitFor();
    const nav = page.getByRole('navigation', { name: '主選單' });
    for (const name of ['總覽', '監測點', '控制', '報表'])
      await nav.getByRole('link', { name }).waitFor();
    await page.getByRole('button', { name: '登出' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hant-TW');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: '總覽' }).waitFor();

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('i18nextLng')), 'en');
    await context.close();
  });

  it('shows a ticking clock in the factory time zone when signed in', async () => {
    const { context, page } = await newPage(run.browser());
    await page.goto(`${run.baseUrl()}/dashboard/login`);
    assert.equal(
      await page.getByTestId('factory-clock-time').count(),
      0,
      'no clock when signed out',
    );
    await signIn(page, run.baseUrl(), DEMO);

    const time = page.getByTestId('factory-clock-time');
    const date = page.getByTestId('factory-clock-date');
    await time.waitFor();
    const first = (await time.textContent())!.trim();
    assert.match(first, /^\d{2}:\d{2}:\d{2}$/);
    const expected = taipeiNow();
    assert.ok(
      Math.abs(seconds(first) - seconds(expected.time)) <= 5 ||
        Math.abs(seconds(first) - seconds(expected.time)) >= 86_395,
      `clock ${first} is Taipei time (${expected.time})`,
    );
    assert.match((await date.textContent())!.trim(), /^\d{2} [A-Z][a-z]{2} \d{4}$/);

    await page.waitForFunction(
      (before) =>
        document.querySelector('[data-testid="factory-clock-time"]')?.textContent?.trim() !==
        before,
      first,
      { timeout: 3_000 },
    );
    await context.close();
  });

  it('installs to a home screen and shows an offline page when the server is out of reach', async () => {
    const manifestResponse = await fetch(`${run.baseUrl()}/manifest.webmanifest`);
    assert.equal(manifestResponse.status, 200);
    const manifest = (await manifestResponse.json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    assert.equal(manifest.start_url, '/dashboard/overview');
    assert.equal(manifest.display, 'standalone');
    for (const icon of manifest.icons) {
      const image = Buffer.from(await (await fetch(`${run.baseUrl()}${icon.src}`)).arrayBuffer());
      // A PNG's IHDR holds its width and height at bytes 16 and 20.
      const size = `${image.readUInt32BE(16)}x${image.readUInt32BE(20)}`;
      assert.equal(size, icon.sizes, `${icon.src} is ${icon.sizes}`);
    }
    assert.ok(manifest.icons.some((icon) => icon.purpose === 'maskable'));

    const { context, page, errors } = await newPage(run.browser());
    await page.goto(`${run.baseUrl()}/dashboard/login`);
    assert.equal(
      await page.locator('link[rel="manifest"]').getAttribute('href'),
      '/manifest.webmanifest',
    );
    // The worker installs after the page's load and takes over the page that registered it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
    });

    await context.setOffline(true);
    await page.goto(`${run.baseUrl()}/dashboard/overview`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page.getByRole('heading', { name: '目前離線' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/dashboard/overview');
    // Tenant data is never answered from a cache: an API call offline fails.
    const apiOffline = await page.evaluate(() =>
      fetch('/healthz').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    assert.equal(apiOffline, 'failed');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again · 重試' }).click();
    // Back online, the page asked for comes from the server: a visitor lands on login.
    await page.waitForURL('**/dashboard/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
