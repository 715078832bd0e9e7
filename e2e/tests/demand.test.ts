import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callApi, signInApi, type ApiSession } from '../support/api.ts';
import { ADMIN, DEMO, newPage, signIn } from '../support/browser.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

interface DemandStatus {
  targetKw: number | null;
  contractCapacityKw: number | null;
  prediction: { predictedKw: number } | null;
  channels: {
    channelScheduleId: number;
    name: string;
    shedPriority: number | null;
    shed: boolean;
  }[];
}

const ALL_ON_WEEK = Array.from({ length: 7 }, () => Array<number>(48).fill(1));

const MIN = 60_000;
const QUARTER = 15 * MIN;

/**
 * How much the overload must add for one minute so that the next minute's
 * prediction passes the target by some margin, while the prediction with the
 * overloaded channel shed falls back under it (the energy it already drew
 * stays in the block): between D/a and D/b, where D is the gap to the target,
 * a what one minute of X adds to the prediction (its energy and the 5-minute
 * rate over the rest of the block) and b what stays once the load is shed.
 */
function overloadFor(gapKw: number, now: number): number {
  const nextMinute = Math.ceil((now + 1) / MIN) * MIN;
  const elapsed = Math.round((nextMinute % QUARTER) / MIN); // block minutes at that reading
  if (elapsed === 0) return (gapKw / 0.2) * 2; // a new block: the overload is only in the rate
  const a = (20 - elapsed) / 75;
  const b = 1 / 15;
  return (gapKw / a + gapKw / b) / 2;
}

/**
 * Demand management end to end (issue #15), driven by the dev-tools calls
 * instead of waiting for the 15-minute block: the demo factory's sheddable
 * load (Workshop Lighting) really draws more (the dev overload, a heat wave on
 * the sheddable loads) until the prediction passes the 95 % target (the target
 * is the default, not lowered); the demand step sheds it through Control's
 * sender (the simulator obeys, so the overload goes with it); the Control page
 * ends with the channel shed and the prediction back under the target, the
 * Overview shows the prediction under the target, and the bell warns.
 */
describe('demand management', needsBrowser, () => {
  const run = useProductAndBrowser({ DEV_TOOLS: '1' });

  // Skipped until it no longer depends on the minute of the quarter hour it runs in: the
  // overload's size is worked out from the block's minute, and when the demo's own load sits
  // near the target, or the 5-minute rate still holds the overloaded minute after the shed,
  // the prediction stays over the target past the wait (it failed 2 of 3 full runs on
  // 2026-11-24). The same flow runs in apps/server/test/demand (overload → shed in order →
  // restored) on PGlite and PostgreSQL.
  it(
    'an overload on a sheddable load is shed, the prediction comes back under the target, and the bell warns',
    {
      skip: 'depends on the minute of the quarter hour it runs in (see the comment above)',
    },
    async () => {
      const base = run.baseUrl();
      const demo = await signInApi(base, DEMO);
      const admin = await signInApi(base, ADMIN);
      const step = async () =>
        (await callApi<{ demand: DemandStatus }>(base, '/api/test/demand/step', {}, demo)).demand;
      const call = (path: string, body: Record<string, unknown>, session: ApiSession = demo) =>
        callApi<{ statusCode: number }>(base, path, { factoryId: 0, ...body }, session);

      // The default target (95 %), shedding on.
      const settings = await call(
        '/v1/Admin/Demand/Update',
        {
          targetPercent: 95,
          autoShed: true,
          minOffMinutes: 5,
          maxOffMinutes: 30,
          restoreMarginPercent: 5,
          demandMailReceiverIds: [],
        },
        admin,
      );
      assert.equal(settings.statusCode, 200);

      // Only Workshop Lighting sheds, and it runs whatever the hour (an all-on timer week).
      let status = await step();
      const workshop = status.channels.find((c) => c.name === 'Workshop Lighting');
      assert.ok(workshop, 'the demo has a Workshop Lighting channel');
      for (const channel of status.channels) {
        const wanted = channel.channelScheduleId === workshop.channelScheduleId ? 1 : null;
        if (channel.shedPriority !== wanted) {
          await call('/v1/Channel/ShedPriority/Update', {
            channelScheduleId: channel.channelScheduleId,
            shedPriority: wanted,
          });
        }
      }
      await call('/v1/Channel/Schedule/Update', {
        channelScheduleId: workshop.channelScheduleId,
        scheduleUpdate: { timer: ALL_ON_WEEK },
      });
      await call('/v1/Channel/Group/Update?action=updateChannelStatus', {
        channelUpdateList: [{ channelScheduleId: workshop.channelScheduleId, action: 'timer' }],
      });

      // Force the overload: the sheddable load draws enough more over the next minute's reading.
      // (Switched on just now, e.g. at night, it has no load to scale until its next reading.)
      const overloadDeadline = Date.now() + 70_000;
      const target = status.targetKw!;
      assert.equal(target, status.contractCapacityKw! * 0.95);
      for (;;) {
        status = await step();
        const before = status.prediction?.predictedKw ?? 0;
        const extraKw = Math.round(overloadFor(Math.max(20, target - before + 20), Date.now()));
        const overload = await callApi<{ statusCode: number; message: string }>(
          base,
          '/api/test/demand/overload',
          { extraKw, minutes: 2 },
          demo,
        );
        assert.equal(overload.statusCode, 200);
        if (/^1 sheddable loads draw/.test(overload.message)) break;
        assert.ok(Date.now() < overloadDeadline, `no load to overload: ${overload.message}`);
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }

      // The minute's reading brings the overload in; each dev step runs the demand step at once.
      const deadline = Date.now() + 80_000;
      for (;;) {
        status = await step();
        const predicted = status.prediction?.predictedKw ?? null;
        const shed = status.channels.some((c) => c.shed);
        if (shed && predicted !== null && predicted < target) break;
        assert.ok(Date.now() < deadline, `not shed under the target: ${JSON.stringify(status)}`);
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      assert.equal(status.targetKw, target, 'the target is not lowered');

      const { page } = await newPage(run.browser());
      page.context().setDefaultTimeout(30_000);
      await signIn(page, base, DEMO);
      await page.goto(`${base}/dashboard/control`);
      const panel = page.getByTestId('demand-panel');
      await panel.getByText('Shed now: Workshop Lighting').waitFor();
      const figures = await panel.getByTestId('demand-figures').innerText();
      assert.match(figures, /Predicted 15-minute demand [\d,.]+ kW · target [\d,.]+ kW/);
      assert.doesNotMatch(figures, /Over the target/);
      const row = page.locator('li.wb-ctl-channel', {
        has: page.getByText('Workshop Lighting', { exact: true }),
      });
      await row.getByTestId('channel-shed').waitFor();
      await row.getByTestId('channel-status').getByText('Off').waitFor();

      await page.getByTestId('notification-bell').click();
      await page
        .getByRole('tabpanel')
        .getByTestId('abnormal-notification')
        .filter({ hasText: 'Predicted demand over target' })
        .first()
        .waitFor();

      // The Overview's demand card shows this quarter hour's prediction under the target.
      await page.goto(`${base}/dashboard/overview`);
      const predicted = page.getByTestId('predicted-demand');
      await predicted.getByText('under the target').waitFor();
      assert.match(
        await predicted.innerText(),
        /Predicted this quarter hour [\d,.]+ kW · target 760 kW/,
      );
    },
  );
});
