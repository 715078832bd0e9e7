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
 * Room between the demo's own load and the target while the test runs: the
 * contract capacity is raised to put the target this far above the current
 * prediction, whatever the hour (the demo's hot afternoons reach the default
 * 760 kW target by themselves, and no single light can bring that down).
 */
const ROOM_KW = 1200;

/**
 * The extra kW the sheddable load must draw over the next minute so that the
 * prediction after that reading passes the target, while the prediction with
 * the load shed stays under it for the rest of the block (the energy already
 * drawn stays in the block). With `e` the block minutes at that reading and
 * `room` the gap to the target, one minute of X adds X·(20 − e)/75 kW to the
 * prediction (its energy, X/15, and its fifth of the 5-minute rate over the
 * rest of the block) and, once shed, at most X/15 (the energy; the rate's share
 * of a shed load is taken out, predict.ts). The midpoint of (75·room/(20 − e),
 * 15·room) leaves the most margin on both sides: at e = 14 about room/12, so the
 * demo's own minute-to-minute swings (tens of kW) cannot tip either side. A
 * reading at a block's start (e = 0) closes the last block: the new block sees
 * the overload only in its rate, X/5, and none of it once shed.
 */
function overloadFor(roomKw: number, nextReadingAt: number): number {
  const e = Math.round((nextReadingAt % QUARTER) / MIN);
  if (e === 0) return 7.5 * roomKw;
  return ((75 * roomKw) / (20 - e) + 15 * roomKw) / 2;
}

/**
 * Whether the next minute's reading would land at a block's edge (its block
 * minute 14, 0 or 1): there the overload's sizing leaves little margin, and a
 * CI run at 14:00–14:02 saw no shed at all. The test then waits for minute 2.
 */
function nearBlockEdge(now: number): boolean {
  const e = Math.round(((Math.ceil((now + 1) / MIN) * MIN) % QUARTER) / MIN);
  return e <= 1 || e >= 14;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Demand management end to end (issue #15), driven by the dev-tools calls
 * instead of waiting for the 15-minute block: the demo factory's sheddable
 * load (Workshop Lighting) really draws more (the dev overload, a heat wave on
 * the sheddable loads) until the prediction passes the 95 % target (the default
 * percentage, of a contract capacity raised to give room above the demo's own
 * load, see ROOM_KW); the demand step sheds it through Control's
 * sender (the simulator obeys, so the overload goes with it); the Control page
 * ends with the channel shed and the prediction back under the target, the
 * Overview shows the prediction under the target, and the bell warns.
 */
describe('demand management', needsBrowser, () => {
  const run = useProductAndBrowser({ DEV_TOOLS: '1' });

  it('an overload on a sheddable load is shed, the prediction comes back under the target, and the bell warns', async () => {
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

    // The contract capacity (a multiple of 20 kW, so the 95 % target is whole) that puts the
    // target ROOM_KW above what the demo draws now.
    const current = await callApi<{ statusCode: number; factory: Record<string, unknown> }>(
      base,
      '/v1/Admin/Factory/Get',
      { factoryId: 0 },
      admin,
    );
    const capacityKw =
      Math.ceil(((status.prediction?.predictedKw ?? 0) + ROOM_KW) / 0.95 / 20) * 20;
    const { name, nameZh, timeZone, co2Factor } = current.factory;
    const factory = await call(
      '/v1/Admin/Factory/Update',
      { name, nameZh, timeZone, co2Factor, contractCapacityKw: capacityKw },
      admin,
    );
    assert.equal(factory.statusCode, 200);
    const target = capacityKw * 0.95;

    // Force the overload: the sheddable load draws enough more over the next minute's reading.
    // (Switched on just now, e.g. at night, it has no load to scale until its next reading.)
    // 90 s to find a load, after waiting out a block's edge (at most four minutes).
    const overloadDeadline = Date.now() + 90_000 + 4 * MIN;
    for (;;) {
      // The step writes this minute's reading; the overload is sized for the next one, so not in
      // a minute's last seconds (a slow step could let the minute turn before the overload lands).
      status = await step();
      assert.ok(Math.abs(status.targetKw! - target) < 1e-6, 'the target is 95 % of the capacity');
      if (Date.now() % MIN > 50_000 || nearBlockEdge(Date.now())) {
        await sleep(MIN - (Date.now() % MIN) + 1000);
        continue;
      }
      const before = status.prediction?.predictedKw ?? 0;
      const nextReadingAt = Math.ceil((Date.now() + 1) / MIN) * MIN;
      const extraKw = Math.round(overloadFor(target - before, nextReadingAt));
      const overload = await callApi<{ statusCode: number; message: string }>(
        base,
        '/api/test/demand/overload',
        { extraKw, minutes: 1 },
        demo,
      );
      assert.equal(overload.statusCode, 200);
      if (/^1 sheddable loads draw/.test(overload.message)) break;
      assert.ok(Date.now() < overloadDeadline, `no load to overload: ${overload.message}`);
      await sleep(3000);
    }

    // The minute's reading brings the overload in; each dev step runs the demand step at once.
    const deadline = Date.now() + 80_000;
    for (;;) {
      status = await step();
      const predicted = status.prediction?.predictedKw ?? null;
      const shed = status.channels.some((c) => c.shed);
      if (shed && predicted !== null && predicted < target) break;
      assert.ok(Date.now() < deadline, `not shed under the target: ${JSON.stringify(status)}`);
      await sleep(2000);
    }
    assert.ok(Math.abs(status.targetKw! - target) < 1e-6, 'the target is not lowered');
    // The off command follows at once, unless the channel was switched less than a minute ago
    // (the timer set above): the once-a-minute limit holds it until then. Step until confirmed.
    const offDeadline = Date.now() + 80_000;
    for (;;) {
      const groups = await callApi<{
        channelScheduleList: { channelScheduleId: number; status: string }[];
      }>(base, '/v1/Channel/Group', { factoryId: 0 }, demo);
      const row = groups.channelScheduleList.find(
        (c) => c.channelScheduleId === workshop.channelScheduleId,
      );
      if (row?.status === 'off') break;
      assert.ok(
        Date.now() < offDeadline,
        `the shed channel never went off: ${JSON.stringify(row)}`,
      );
      await sleep(3000);
      await step();
    }

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
    const shown = /Predicted this quarter hour [\d,.]+ kW · target ([\d,.]+) kW/.exec(
      await predicted.innerText(),
    );
    assert.ok(shown, 'the Overview shows the prediction and the target');
    assert.equal(Number(shown[1]!.replace(/,/g, '')), target);
  });
});
