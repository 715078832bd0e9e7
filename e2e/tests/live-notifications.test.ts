import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN, DEMO, newPage, signIn } from '../support/browser.ts';
import { callApi, ingest, signInApi, type ApiSession } from '../support/api.ts';
import { startInbox, type TestInbox } from '../support/smtp.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** A second tenant, onboarded with the real command before the server starts. */
const ACME = { email: 'manager@acme.test', password: 'acme-password' };
/** An unusual value, so the test finds its own alarm among any the simulator raises. */
const VOLTAGE = 263.7;

async function until(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function waitConnected(page: Page) {
  await page.getByTestId('connection-status').getByText('connected', { exact: true }).waitFor();
}

async function openBell(page: Page) {
  await page.getByTestId('notification-bell').click();
  return page.getByRole('tabpanel');
}

describe('live notifications, alarms and e-mail', needsBrowser, () => {
  let inbox: TestInbox;
  let demoGatewayKey: string;
  before(async () => {
    inbox = await startInbox();
  });
  after(() => inbox.close());
  // No simulator: its backfill would slow the first start, and its rare anomalies would add alarms.
  const run = useProductAndBrowser(
    () => ({ SMTP_URL: inbox.url, LOG_LEVEL: 'info', SIMULATOR: 'off' }),
    {
      beforeStart: async (_dataDir, env) => {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            'apps/server/src/modules/factory/cli/add-factory-main.ts',
            ...[
              '--slug',
              'acme',
              '--name',
              'Acme',
              '--email',
              ACME.email,
              '--password',
              ACME.password,
            ],
          ],
          { cwd: repoRoot, env },
        );
        demoGatewayKey = (JSON.parse(stdout) as { demoGatewayKey: string }).demoGatewayKey;
      },
    },
  );

  let demo: ApiSession;
  let meter: { id: number; name: string };
  let demoPages: Page[] = [];
  let acmePage: Page;

  before(async () => {
    const base = run.baseUrl();
    demo = await signInApi(base, DEMO);
    await callApi(
      base,
      '/v1/Setting/UpdateEmailReceivers',
      {
        receivers: [
          { status: 'on', receiverName: 'Night shift', email: 'night@demo.test' },
          { status: 'off', receiverName: 'On holiday', email: 'away@demo.test' },
        ],
      },
      demo,
    );
    const list = await callApi<{ channelList: { id: number; name: string; type: string }[] }>(
      base,
      '/v1/Web/Factory/Channel/List',
      { factoryId: 0 },
      demo,
    );
    // The first meter of the demo tree is WB-M01.
    meter = list.channelList.find((c) => c.type === 'smartMeter')!;
    await callApi(
      base,
      '/v1/Web/Setting/Alarm/Update',
      {
        deviceId: meter.id,
        alarms: [{ target: 'voltage', isActivated: true, threshold: { low: 180, high: 240 } }],
      },
      demo,
    );

    demoPages = [];
    for (let i = 0; i < 2; i += 1) {
      const { page } = await newPage(run.browser());
      await signIn(page, base, DEMO);
      await waitConnected(page);
      demoPages.push(page);
    }
    acmePage = (await newPage(run.browser())).page;
    await signIn(acmePage, base, ACME);
    await waitConnected(acmePage);
  });

  it('an out-of-range reading reaches every demo browser and the inbox, and no other factory', async () => {
    const phase = { voltage: VOLTAGE, current: 12, kw: 2.6, pf: 0.95 };
    const reading = {
      serial: 'WB-M01',
      ts: new Date(Date.now() - 1500).toISOString(),
      phases: { a: phase, b: { ...phase, voltage: 221 }, c: { ...phase, voltage: 222 } },
    };
    await ingest(run.baseUrl(), demoGatewayKey, [reading]);

    for (const page of demoPages) {
      const panel = await openBell(page);
      const row = panel.getByTestId('abnormal-notification').filter({ hasText: `${VOLTAGE}` });
      await row.waitFor();
      assert.match(await row.innerText(), new RegExp(`Voltage alarm: ${meter.name}`));
      await row.getByRole('button', { name: 'Clear Alarm' }).waitFor();
    }

    const mail = await inbox.waitFor(
      (m) => m.to.includes('night@demo.test') && m.raw.includes(`${VOLTAGE}`),
    );
    assert.ok(mail.raw.length > 0);
    assert.equal(inbox.mails.filter((m) => m.to.includes('away@demo.test')).length, 0);

    const acmePanel = await openBell(acmePage);
    await acmePanel.getByText('No abnormal notifications yet').waitFor();
    assert.equal(await acmePage.getByTestId('notification-count').count(), 0);
  });

  it('Clear Alarm in one browser turns the alarm to Solved in the other', async () => {
    const [first, second] = demoPages as [Page, Page];
    const rowIn = (page: Page) =>
      page.getByTestId('abnormal-notification').filter({ hasText: `${VOLTAGE}` });
    await rowIn(first).getByRole('button', { name: 'Clear Alarm' }).click();
    await rowIn(first).getByText('Solved').waitFor();
    // The second browser learns it from the hub, without a reload.
    await rowIn(second).getByText('Solved').waitFor();
  });

  it('an alarm reaches a webhook within 2 s, and the e-mail’s clear link clears it exactly once', async () => {
    // A real HTTP receiver on this machine, as a factory's chat bridge would be.
    const received: { at: number; body: Record<string, unknown> }[] = [];
    const receiver: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ at: Date.now(), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const admin = await signInApi(run.baseUrl(), ADMIN);
      await callApi(
        run.baseUrl(),
        '/v1/Admin/Webhook/Save',
        {
          webhookId: null,
          name: 'Night shift bridge',
          format: 'signed',
          url: `http://127.0.0.1:${port}/hook`,
          enabled: true,
          alarms: true,
          demand: false,
        },
        admin,
      );
      const voltage = 264.1;
      const phase = { voltage, current: 12, kw: 2.6, pf: 0.95 };
      const sentAt = Date.now();
      await ingest(run.baseUrl(), demoGatewayKey, [
        {
          serial: 'WB-M01',
          ts: new Date(sentAt - 1000).toISOString(),
          phases: { a: phase, b: { ...phase, voltage: 221 }, c: { ...phase, voltage: 222 } },
        },
      ]);
      const hasVoltage = (body: unknown) => JSON.stringify(body).includes(String(voltage));
      await until(() => received.some((r) => hasVoltage(r.body)), 5000);
      const delivery = received.find((r) => hasVoltage(r.body))!;
      assert.ok(
        delivery.at - sentAt < 2000,
        `the webhook came ${delivery.at - sentAt} ms after the reading was sent`,
      );

      // The mail's own link (quoted-printable in the raw message).
      const mail = await inbox.waitFor(
        (m) => m.to.includes('night@demo.test') && m.raw.includes(`${voltage}`),
      );
      const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /https?:\/\/[^\s"<>]+\/v1\/Event\/ClearLink\?t=[\w%.-]+/.exec(decoded)?.[0];
      assert.ok(link, 'the alarm mail carries a clear link');
      const { page } = await newPage(run.browser());
      await page.goto(link);
      await page.getByRole('heading', { name: 'Clear this alarm?' }).waitFor();
      await page.getByRole('button', { name: 'Clear alarm · 清除警報' }).click();
      await page.getByRole('heading', { name: 'Alarm cleared' }).waitFor();
      await page.getByRole('heading', { name: '警報已清除' }).waitFor();
      await page.goto(link);
      await page.getByRole('heading', { name: 'This link has been used' }).waitFor();
      await page.close();
      // The demo browsers (their bells are open since the first test) see it solved, from the hub.
      for (const demoPage of demoPages) {
        const row = demoPage.getByTestId('abnormal-notification').filter({ hasText: `${voltage}` });
        await row.getByText('Solved').waitFor();
      }
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('an announcement appears as a banner at once and stays closed once dismissed', async () => {
    const page = demoPages[0]!;
    await page.keyboard.press('Escape');
    const admin = await signInApi(run.baseUrl(), ADMIN);
    const start = new Date(Date.now() - 60_000);
    const content = 'Planned outage on Saturday 08:00-10:00';
    await callApi(
      run.baseUrl(),
      '/v1/Web/Announcement/Create',
      {
        title: 'Maintenance',
        content,
        isImportant: true,
        dtStart: start.toISOString(),
        dtEnd: new Date(start.getTime() + 7 * 86_400_000).toISOString(),
      },
      admin,
    );
    const banner = page.getByText(content);
    await banner.waitFor();
    await page.getByRole('button', { name: 'Close announcement' }).click();
    await banner.waitFor({ state: 'hidden' });
    await page.reload();
    await waitConnected(page);
    assert.equal(await page.getByText(content).count(), 0);
    // The other factory does not get the demo factory's announcement.
    assert.equal(await acmePage.getByText(content).count(), 0);
  });

  it('the receivers editor stops offering more rows at five', async () => {
    const page = demoPages[1]!;
    await page.reload();
    await page
      .getByRole('button', { name: /settings/i })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Alarm Notice' }).click();
    await page.getByTestId('receiver-row').first().waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const add = page.getByRole('button', { name: 'Add receiver' });
    for (let n = 3; n <= 5; n += 1) {
      await add.click();
      const row = page.getByTestId('receiver-row').nth(n - 1);
      await row.getByPlaceholder('Receiver Name').fill(`Receiver ${n}`);
      await row.locator('input[type="email"]').fill(`r${n}@demo.test`);
    }
    assert.equal(await page.getByTestId('receiver-row').count(), 5);
    assert.equal(await add.count(), 0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const saved = await callApi<{ data: unknown[] }>(
      run.baseUrl(),
      '/v1/Setting/GetEmailReceivers',
      {},
      demo,
    );
    assert.equal(saved.data.length, 5);
  });
});
