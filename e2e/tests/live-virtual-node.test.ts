import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO, newPage, signIn } from '../support/browser.ts';
import { ingest } from '../support/api.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

const phase = (kw: number) => ({ voltage: 221, current: kw * 4.6, kw, pf: 0.95 });
/** A reading of a meter two levels below the incoming supply (Incoming Supply → Production Area → WB-M01). */
const meterReading = (kwPerPhase: number, kwh: number, secondsAgo: number) => ({
  serial: 'WB-M01',
  ts: new Date(Math.floor(Date.now() / 1000) * 1000 - secondsAgo * 1000).toISOString(),
  phases: { a: phase(kwPerPhase), b: phase(kwPerPhase), c: phase(kwPerPhase) },
  kwhForward: kwh,
  kwhReverse: 0,
  frequency: 60,
});

/**
 * Issue #14, bug 1: the page a person lands on (the sidebar's Monitor Point,
 * deviceId=1: the virtual incoming supply) must move by itself when a meter
 * below it reports — pushed by the hub, not polled, and no reload.
 */
describe('live updates on a virtual node', needsBrowser, () => {
  // No simulator: the only readings are the test's, so any change is theirs.
  const run = useProductAndBrowser({ LOG_LEVEL: 'info', SIMULATOR: 'off' });

  it('the default Monitor Point page (a virtual node) shows new readings without a reload', async () => {
    const { page, errors } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), DEMO);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Monitor Point' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Monitor Point' }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('deviceId'), '1');
    await page.getByTestId('live-status').getByText('Live updates').waitFor();

    const area = page
      .getByTestId('channel-card')
      .filter({ has: page.getByRole('heading', { name: 'Production Area' }) });
    await area.waitFor();
    const before = await area.innerText();
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));

    const key = run.product().gatewayKey;
    assert.ok(key, 'the demo gateway key is in the first start log');
    const sent = Date.now();
    const refetched = page.waitForResponse((response) =>
      response.url().endsWith('/v1/Web/Monitor/Device'),
    );
    // Two readings a minute apart: 2 kWh more under the area, at 40 kW per phase.
    await ingest(run.baseUrl(), key, [meterReading(40, 1000, 61), meterReading(40, 1002, 1)]);
    // Polling is off while live, so this answer is the push's doing; it comes in seconds, not a minute.
    await refetched;
    const afterMs = Date.now() - sent;
    assert.ok(afterMs < 20_000, `the page refetched ${afterMs} ms after the reading`);
    const forward = /Forward \(kWh\)\n2\n/;
    let after = before;
    for (const deadline = Date.now() + 15_000; !forward.test(after) && Date.now() < deadline;) {
      await page.waitForTimeout(250);
      after = await area.innerText();
    }
    assert.notEqual(after, before, 'the Production Area card shows the new reading');
    assert.match(after, forward, 'the 2 kWh the meter measured, under the area');
    assert.equal(navigations, 0, 'no reload');
    await page.getByTestId('live-status').getByText('Live updates').waitFor();
    console.log(`live-virtual-node: refetch ${afterMs} ms after the ingest`);
    assert.deepEqual(errors, []);
  });
});
