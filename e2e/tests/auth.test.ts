import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO, launchBrowser, newPage, pathOf, signIn, storedSession } from '../support/browser.ts';
import { findChromium } from '../support/chromium.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

/**
 * A made-up LAN host name that this test's Chromium resolves to 127.0.0.1 (no
 * traffic ever leaves the machine). Not "localhost", so plain http to it is not a
 * potentially trustworthy origin: the case of http://192.168.1.20:3000 in a factory.
 */
const LAN_HOST = 'wattboard-lan.test';

describe('signing in and out', needsBrowser, () => {
  const run = useProductAndBrowser();

  it('sends a visitor on any page to the login screen', async () => {
    const { context, page } = await newPage(run.browser());
    for (const path of ['/', '/dashboard', '/dashboard/overview', '/dashboard/control?x=1']) {
      await page.goto(`${run.baseUrl()}${path}`);
      await page.waitForURL('**/dashboard/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
    }
    // The login screen has no sidebar.
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
    await context.close();
  });

  it('says "Email or password is incorrect." for a wrong password', async () => {
    const { context, page } = await newPage(run.browser());
    await page.goto(`${run.baseUrl()}/dashboard/login`);
    await page.getByLabel('Account').fill(DEMO.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' });
    await alert.waitFor();
    assert.equal(pathOf(page), '/dashboard/login');
    assert.equal((await storedSession(page)).token, null);
    await context.close();
  });

  it('says "Invalid email or password" when the sign-in call fails outright', async () => {
    const { context, page } = await newPage(run.browser(), { serviceWorkers: 'block' });
    // The network drops the request: the client sees an exception, not a statusCode.
    await page.route('**/User/SignIn', (route) => route.abort('connectionfailed'));
    await page.goto(`${run.baseUrl()}/dashboard/login`);
    await page.getByLabel('Account').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email or password', { exact: true }).waitFor();
    assert.equal(pathOf(page), '/dashboard/login');
    await context.close();
  });

  it('lands a signed-in user on the overview with the session stored', async () => {
    const { context, page, errors } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), DEMO);
    const session = await storedSession(page);
    assert.equal(session.email, DEMO.email);
    assert.equal(session.username, DEMO.username);
    assert.ok(session.token && session.token.length >= 40, 'a 256-bit token is stored');
    assert.ok(Date.parse(session.dtTokenExpire ?? '') > Date.now() + 6 * 86_400_000);
    // Login replaced its history entry: about:blank, then the dashboard (not login).
    assert.equal(await page.evaluate(() => history.length), 2);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('sends a signed-in user who opens login to the dashboard', async () => {
    const { context, page } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), DEMO);
    await page.goto(`${run.baseUrl()}/dashboard/login`);
    await page.waitForURL('**/dashboard/overview');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await context.close();
  });

  it('logs out: the session is cleared and revoked, and pages need login again', async () => {
    const { context, page } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), DEMO);
    const { token } = await storedSession(page);
    // Signing out reloads the page, so wait for the new document.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Log out' }).click();
    await reloaded;
    await page.waitForURL('**/dashboard/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    assert.deepEqual(await storedSession(page), {
      token: null,
      email: null,
      username: null,
      dtTokenExpire: null,
    });
    await page.goto(`${run.baseUrl()}/dashboard/overview`);
    await page.waitForURL('**/dashboard/login');
    // The old token no longer opens any data call.
    const res = await fetch(`${run.baseUrl()}/v1/Web/Factory/Channel/List`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        email: DEMO.email,
        action: '/v1/Web/Factory/Channel/List',
        token,
        factoryId: 0,
      }),
    });
    assert.equal(res.status, 401);
    assert.equal(((await res.json()) as { statusCode: number }).statusCode, 1007);
    await context.close();
  });

  it('opens over plain http on a LAN host name and signs in (no https upgrade)', async () => {
    const lanBrowser = await launchBrowser(findChromium()!, [
      `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
    ]);
    try {
      const { page, errors } = await newPage(lanBrowser);
      const lanUrl = `http://${LAN_HOST}:${new URL(run.baseUrl()).port}`;
      // Every asset and call must stay on this plain-http origin: none upgraded to https.
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(`${lanUrl}/`)) elsewhere.push(request.url());
      });
      await signIn(page, lanUrl, DEMO);
      assert.equal(new URL(page.url()).origin, lanUrl);
      assert.equal((await storedSession(page)).email, DEMO.email);
      assert.deepEqual(elsewhere, []);
      assert.deepEqual(errors, []);
    } finally {
      await lanBrowser.close();
    }
  });

  it('asks at most 150 KB of script before the form shows, and the signed-in app only after', async () => {
    // A fresh context: nothing cached, no session (issue #29).
    const { context, page } = await newPage(run.browser());
    await page.goto(`${run.baseUrl()}/dashboard/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // The sign-in code and the app chunk it imports come once the page is idle after the paint.
    // A resource is listed when its fetch ends, so wait for both (the app chunk ends last).
    await page.waitForFunction(() => {
      const names = performance.getEntriesByType('resource').map((e) => e.name);
      return (
        names.some((name) => /\/sign-in-core-[^/]+\.js$/.test(name)) &&
        names.some((name) => /\/app-[^/]+\.js$/.test(name))
      );
    });
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.endsWith('.js'))
        .map((e) => ({ name: e.name, start: e.startTime, bytes: e.encodedBodySize })),
    }));
    assert.ok(paint !== null, 'the login screen painted');
    const before = scripts.filter((s) => s.start < paint);
    const kb = before.reduce((sum, s) => sum + s.bytes, 0) / 1024;
    assert.ok(
      kb <= 150,
      `${kb.toFixed(1)} KB of script before the form: ${JSON.stringify(before)}`,
    );
    const app = scripts.filter((s) => /\/app-[^/]+\.js$/.test(s.name));
    assert.equal(app.length, 1, 'the signed-in app chunk is fetched once the form is shown');
    assert.ok(app[0]!.start >= paint, `app chunk at ${app[0]!.start} ms, form at ${paint} ms`);
    await context.close();
  });
});
