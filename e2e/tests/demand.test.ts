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

/**
 * Demand management end to end (issue #15), driven by the dev-tools calls
 * instead of waiting for minutes: the demo factory goes over its target (the
 * target is set just under this quarter hour's prediction), the demand step
 * sheds a channel through Control's sender (the simulator obeys), and the
 * Control page ends with the channel shed, the prediction back under the
 * target, and the warning in the bell.
 */
describe('demand management', needsBrowser, () => {
  const run = useProductAndBrowser({ DEV_TOOLS: '1' });

  it('over the target a channel is shed, the prediction comes back under the target, and the bell warns', async () => {
    const base = run.baseUrl();
    const demo = await signInApi(base, DEMO);
    const admin = await signInApi(base, ADMIN);
    const step = async () =>
      (await callApi<{ demand: DemandStatus }>(base, '/api/test/demand/step', {}, demo)).demand;
    const call = (path: string, body: Record<string, unknown>, session: ApiSession = demo) =>
      callApi<{ statusCode: number }>(base, path, { factoryId: 0, ...body }, session);

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

    // Force the overload: the target goes just under this quarter hour's prediction, then the
    // demand step runs at once (the dev call), sheds, and runs again to see the demand come back.
    const deadline = Date.now() + 40_000;
    for (;;) {
      status = await step();
      const predicted = status.prediction?.predictedKw ?? null;
      const shed = status.channels.some((c) => c.shed);
      if (shed && predicted !== null && predicted < status.targetKw!) break;
      assert.ok(Date.now() < deadline, `not shed under the target: ${JSON.stringify(status)}`);
      if (!shed && predicted !== null) {
        const answer = await call(
          '/v1/Admin/Demand/Update',
          {
            targetPercent: ((predicted - 0.05) / status.contractCapacityKw!) * 100,
            autoShed: true,
            minOffMinutes: 5,
            maxOffMinutes: 30,
            restoreMarginPercent: 5,
            demandMailReceiverIds: [],
          },
          admin,
        );
        assert.equal(answer.statusCode, 200);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
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
  });
});
