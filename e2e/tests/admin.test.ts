import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { callApi, signInApi } from '../support/api.ts';
import { ADMIN, DEMO, newPage, pathOf, signIn } from '../support/browser.ts';
import { startModbusMeterAndGateway, until } from '../support/gateway.ts';
import { layoutFaults } from '../support/layout-faults.ts';
import { settle } from '../support/settle.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

const WIRING_BY_PHASES: Record<string, string> = {
  'a,b,c': 'a,b,c',
  'ab,bc,ca': 'ab,bc,ca',
  'l1,l2': 'l1,l2',
  value: 'value',
};

/** The shown curl command, taken apart: URL, key and the JSON body around the shell's `date`. */
function parseCurl(command: string, ts: string) {
  const url = /curl -X POST '([^']+)'/.exec(command)?.[1];
  const key = /Authorization: Bearer ([^']+)'/.exec(command)?.[1];
  const data = /-d '([^']*)'"\$\(date -u \+%Y-%m-%dT%H:%M:%SZ\)"'([^']*)'/.exec(command);
  assert.ok(url && key && data, `unexpected command:\n${command}`);
  return { url, key, body: `${data[1]}${ts}${data[2]}` };
}

async function openAdmin(page: Page, section: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: section })
    .click();
}

function rowWith(scope: Page | Locator, name: string | RegExp) {
  return scope.getByRole('row').filter({ has: scope.getByRole('rowheader', { name }) });
}

describe('Admin page', needsBrowser, () => {
  const run = useProductAndBrowser();

  it('adds a meter and a gateway; the shown ingest command stores a reading the Monitoring Point page shows', async () => {
    const { context, page, errors } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), ADMIN);

    // The example command (placeholder key) names a meter and its wiring: the new meter takes that wiring.
    await openAdmin(page, 'Gateways');
    const example = await page.getByLabel('HTTP command', { exact: true }).textContent();
    const phases = Object.keys(
      (
        JSON.parse(parseCurl(example ?? '', 'T').body) as {
          readings: { phases: Record<string, unknown> }[];
        }
      ).readings[0]!.phases,
    ).join(',');
    const wiring = WIRING_BY_PHASES[phases];
    assert.ok(wiring, `phases ${phases}`);

    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Monitoring points' })
      .click();
    await page.getByRole('button', { name: 'Add monitoring point' }).click();
    const add = page.getByRole('dialog', { name: 'Add a monitoring point' });
    await add.getByLabel('Type', { exact: true }).selectOption('smartMeter');
    await add.getByLabel('Parent', { exact: true }).selectOption({ label: '(top level)' });
    await add.getByLabel('Name (English)', { exact: true }).fill('E2E Meter');
    await add.getByLabel('Name (中文)', { exact: true }).fill('測試電表');
    await add.getByLabel('Serial', { exact: true }).fill('E2E-METER-1');
    await add.getByLabel('Wiring', { exact: true }).selectOption(wiring);
    await add.getByRole('button', { name: 'Add' }).click();
    await add.waitFor({ state: 'detached' });
    // The list refetches after the add; on a first start the embedded database serves it
    // between the 90-day backfill's batches, which on a loaded 2-core runner took over 30 s.
    await rowWith(page, /^E2E Meter/).waitFor({ timeout: 90_000 });

    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Gateways' })
      .click();
    await page.getByRole('button', { name: 'Create gateway' }).click();
    const create = page.getByRole('dialog', { name: 'Create a gateway' });
    await create.getByLabel('Name', { exact: true }).fill('E2E gateway');
    await create.getByRole('button', { name: 'Create gateway' }).click();
    const shown = page.getByRole('dialog', { name: 'Key for E2E gateway' });
    const key = (await shown.getByLabel('Gateway key', { exact: true }).textContent()) ?? '';
    const command = (await shown.getByLabel('HTTP command', { exact: true }).textContent()) ?? '';
    assert.match(command, new RegExp(`Bearer ${key}'`));

    // Run the command as pasted, with the example meter's serial replaced by the new meter's.
    const ts = new Date().toISOString().slice(0, 19) + 'Z';
    const curl = parseCurl(command, ts);
    const exampleSerial = (JSON.parse(curl.body) as { readings: { serial: string }[] }).readings[0]!
      .serial;
    const res = await fetch(curl.url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${curl.key}`, 'Content-Type': 'application/json' },
      body: curl.body.replace(JSON.stringify(exampleSerial), JSON.stringify('E2E-METER-1')),
    });
    const answer = (await res.json()) as { accepted: number; rejected: unknown[] };
    assert.equal(res.status, 200, JSON.stringify(answer));
    assert.equal(answer.accepted, 1, JSON.stringify(answer));
    await shown.getByRole('button', { name: 'Done' }).click();
    // Once closed, the key is gone from the page.
    assert.equal(await page.getByText(key, { exact: true }).count(), 0);
    await rowWith(page, 'E2E gateway')
      .getByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/)
      .first()
      .waitFor();

    // The Monitoring Point page of the new meter shows the reading: 220 V on every phase.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Monitor Point' })
      .click();
    await page
      .getByRole('combobox', { name: 'Monitoring point' })
      .selectOption({ label: 'E2E Meter' });
    const card = page
      .getByTestId('channel-card')
      .filter({ has: page.getByRole('heading', { name: 'E2E Meter' }) });
    const voltages = card.getByRole('row', { name: /^Voltage/ }).getByRole('cell');
    await voltages.first().waitFor();
    const texts = await voltages.allTextContents();
    assert.ok(
      texts.length > 0 && texts.every((t) => Number(t.replace(/,/g, '')) === 220),
      texts.join(' | '),
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("sets a gateway's Modbus meter in Admin; the gateway pulls it with its key, polls it, and stops when it is removed", async () => {
    // A new three-phase meter, so no simulator reading shares its seconds.
    const api = await signInApi(run.baseUrl(), ADMIN);
    const added = await callApi<{ statusCode: number }>(run.baseUrl(), '/v1/Admin/Node/Add', {
      type: 'smartMeter', name: 'E2E Modbus meter', chName: '測試 Modbus 電表',
      serial: 'E2E-MODBUS-1', wiring: 'a,b,c',
    }, api); // prettier-ignore
    assert.equal(added.statusCode, 200);
    const { context, page, errors } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), ADMIN);
    await openAdmin(page, 'Gateways');
    await page.getByRole('button', { name: 'Create gateway' }).click();
    const create = page.getByRole('dialog', { name: 'Create a gateway' });
    await create.getByLabel('Name', { exact: true }).fill('E2E Modbus gateway');
    await create.getByRole('button', { name: 'Create gateway' }).click();
    const shown = page.getByRole('dialog', { name: 'Key for E2E Modbus gateway' });
    const key = (await shown.getByLabel('Gateway key', { exact: true }).textContent()) ?? '';
    await shown.getByRole('button', { name: 'Done' }).click();
    const site = await startModbusMeterAndGateway(run.baseUrl(), key);
    try {
      await rowWith(page, 'E2E Modbus gateway').getByRole('button', { name: 'Meters' }).click();
      const dialog = page.getByRole('dialog', { name: 'Meters of E2E Modbus gateway' });
      await dialog.getByRole('button', { name: 'Add meter' }).click();
      await dialog
        .getByLabel('Monitoring point it feeds', { exact: true })
        .selectOption({ label: 'E2E Modbus meter (E2E-MODBUS-1)' });
      await dialog.getByLabel('Host', { exact: true }).fill('127.0.0.1');
      await dialog.getByLabel('Port', { exact: true }).fill(String(site.modbusPort));
      await dialog
        .getByLabel('Meter template', { exact: true })
        .selectOption({ label: 'Eastron SDM630-Modbus (V2, MID)' });
      await dialog.getByLabel('Poll every (seconds)', { exact: true }).fill('1');
      await dialog.getByRole('button', { name: 'Save meter' }).click();
      // rowWith's `has` is relative to the row, so it takes the page, not the dialog.
      const meterRow = rowWith(page, 'E2E Modbus meter (E2E-MODBUS-1)');
      await meterRow.getByText(`Modbus TCP 127.0.0.1:${site.modbusPort}`).waitFor();

      // Given only the URL and the key, the gateway pulls the meter, polls it and sends.
      await site.gateway.start();
      const { stats } = site.gateway.sender;
      await until(() => site.gateway.pollers.length === 1, 5_000, 'the meter to be pulled');
      await until(() => stats.acknowledged >= 2, 15_000, 'two readings stored');
      assert.deepEqual([stats.duplicates, stats.rejected], [0, 0], site.log.join('\n'));

      await meterRow.getByRole('button', { name: 'Remove' }).click();
      await meterRow.getByRole('button', { name: 'Remove: stop polling' }).click();
      await dialog.getByText('No meters yet: add the meters this gateway polls.').waitFor();
      await until(() => site.gateway.pollers.length === 0, 5_000, 'the meter to stop');
      assert.ok(
        site.log.some((line) => line.startsWith('config: - E2E-MODBUS-1')),
        site.log.join('\n'),
      );
    } finally {
      await site.stop();
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("recomputes a point's figures from its readings over the last week, in the background", async () => {
    const { context, page, errors } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), ADMIN);
    await openAdmin(page, 'Monitoring points');
    // Its list waits for the first start's backfill on the embedded database (see above).
    const row = rowWith(page, /^Server Room/);
    await row.waitFor({ timeout: 90_000 });
    await row.getByRole('button', { name: 'Recompute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recompute Server Room' });
    // The dialog fills in the last week once it is open (the factory's calendar).
    const fromInput = dialog.getByLabel('From', { exact: true });
    await fromInput.waitFor();
    await page.waitForFunction(
      (input) => (input as HTMLInputElement | null)?.value !== '',
      await fromInput.elementHandle(),
    );
    const from = await fromInput.inputValue();
    const to = await dialog.getByLabel('To', { exact: true }).inputValue();
    assert.match(from, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(from < to, `${from} .. ${to}`);
    await dialog.getByRole('button', { name: 'Recompute' }).click();
    await dialog.waitFor({ state: 'detached' });
    const shown = (day: string) => day.replaceAll('-', '/');
    await page.getByText(`Recomputing Server Room from ${shown(from)} to ${shown(to)}.`).waitFor();
    await page
      .getByTestId('admin-job')
      .filter({ hasText: "Recomputing a monitoring point's figures: finished." })
      .waitFor({ timeout: 120_000 });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('adds a user who signs in with the one-time password, must choose a new one, and is signed out when disabled', async () => {
    const admin = await newPage(run.browser());
    await signIn(admin.page, run.baseUrl(), ADMIN);
    await openAdmin(admin.page, 'Users');
    await admin.page.getByRole('button', { name: 'Add user' }).click();
    const add = admin.page.getByRole('dialog', { name: 'Add a user' });
    await add.getByLabel('Name', { exact: true }).fill('E2E Bob');
    await add.getByLabel('E-mail', { exact: true }).fill('bob.e2e@example.com');
    await add.getByRole('button', { name: 'Add user' }).click();
    const shown = admin.page.getByRole('dialog', { name: 'One-time password for E2E Bob' });
    const otp = (
      (await shown.getByLabel('One-time password', { exact: true }).textContent()) ?? ''
    ).trim();
    assert.ok(otp.length >= 8, otp);
    await shown.getByRole('button', { name: 'Done' }).click();
    await rowWith(admin.page, 'E2E Bob').getByText('(must choose a password)').waitFor();

    const bob = await newPage(run.browser());
    await bob.page.goto(`${run.baseUrl()}/dashboard/login`);
    await bob.page.getByLabel('Account', { exact: true }).fill('bob.e2e@example.com');
    await bob.page.getByLabel('Password', { exact: true }).fill(otp);
    await bob.page.getByRole('button', { name: 'Log in' }).click();
    await bob.page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    assert.equal(await bob.page.getByRole('navigation', { name: 'Main' }).count(), 0);
    await bob.page.getByLabel('Current password', { exact: true }).fill(otp);
    await bob.page.getByLabel('New password', { exact: true }).fill('bobs-own-password');
    await bob.page.getByLabel('New password again', { exact: true }).fill('bobs-own-password');
    await bob.page.getByRole('button', { name: 'Change password' }).click();
    await bob.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    // Not the Admin: no Admin entry.
    await bob.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Overview' })
      .waitFor();
    assert.equal(await bob.page.getByRole('link', { name: 'Admin' }).count(), 0);

    await admin.page.reload();
    const row = rowWith(admin.page, 'E2E Bob');
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    await admin.page
      .getByRole('dialog', { name: 'Disable E2E Bob?' })
      .getByRole('button', { name: 'Disable' })
      .click();
    await row.getByText('Disabled').waitFor();
    const disabledAt = Date.now();

    // Bob's open browser is signed out without touching it: the server closes its live
    // connection and the page's account check then meets a revoked token.
    await bob.page.waitForURL('**/dashboard/login', { timeout: 30_000 });
    const signedOutAfterMs = Date.now() - disabledAt;
    assert.ok(signedOutAfterMs < 10_000, `signed out after ${signedOutAfterMs} ms`);
    console.log(`disabled user's browser signed out after ${signedOutAfterMs} ms`);
    assert.equal(pathOf(bob.page), '/dashboard/login');
    assert.deepEqual([...admin.errors, ...bob.errors], []);
    await bob.context.close();
    await admin.context.close();
  });

  it('imports history from CSV: previews the guessed columns, refuses a bad row in either language, and a second import only counts duplicates', async () => {
    const { context, page, errors } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), ADMIN);
    await openAdmin(page, 'Import');
    const section = page.getByRole('region', { name: 'Import history from CSV' });
    // 150 days back: within the raw retention (400 days), before the demo's 90 days of simulated
    // readings, at seconds no simulated reading has, so nothing collides and recent figures stay.
    const quarter = 15 * 60_000;
    const start = Math.floor((Date.now() - 150 * 86_400_000) / quarter) * quarter + 7_000;
    const at = (i: number) => new Date(start + i * quarter).toISOString();
    const csv = [
      'time,meter,kWh,kW',
      `${at(0)},WB-M01,100.5,5`,
      `${at(1)},WB-M01,abc,5`,
      `${at(2)},WB-M01,101.7,5`,
      `${at(3)},WB-M01,102.9,5`,
    ].join('\n');
    const upload = (scope: Locator, label: string) =>
      scope.getByLabel(label, { exact: true }).setInputFiles({
        name: 'history.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${csv}\n`),
      });

    await upload(section, 'CSV file (UTF-8)');
    await section.getByTestId('history-preview-row').nth(2).waitFor();
    assert.equal(await section.getByTestId('history-preview-row').count(), 3);
    assert.equal(await section.getByLabel('Time (required)', { exact: true }).inputValue(), 'time');
    assert.equal(await section.getByLabel('Meter serial', { exact: true }).inputValue(), 'meter');
    assert.equal(await section.getByLabel('kWh (required)', { exact: true }).inputValue(), 'kWh');
    await section
      .getByRole('region', { name: 'Refused among the first rows' })
      .getByText('Row 2, column kWh: not a number (abc)')
      .waitFor();

    await section.getByRole('button', { name: 'Import', exact: true }).click();
    await section.getByText('Import finished.').waitFor();
    const totals = section.getByRole('list', { name: 'Import result' });
    assert.deepEqual(await totals.getByRole('listitem').allTextContents(), [
      '4 rows',
      '3 stored',
      '0 duplicates (already stored)',
      '1 refused',
    ]);
    const refused = section.getByRole('region', { name: 'Refused rows', exact: true });
    await refused.getByText('Row 2, column kWh: not a number (abc)').waitFor();

    // In 中文 the refusal is told again, never in the server's English.
    await page.getByRole('button', { name: '中文' }).click();
    const zh = page.getByRole('region', { name: '從 CSV 匯入歷史資料' });
    await zh
      .getByRole('region', { name: '被拒絕的列', exact: true })
      .getByText('第 2 列「kWh」欄：不是數字（abc）')
      .waitFor();
    assert.doesNotMatch((await zh.textContent()) ?? '', /not a number/);

    // The same file again: nothing new, every good row a duplicate.
    await upload(zh, 'CSV 檔案（UTF-8）');
    await zh.getByTestId('history-preview-row').nth(2).waitFor();
    await zh.getByRole('button', { name: '匯入', exact: true }).click();
    await zh.getByText('匯入完成。').waitFor();
    assert.deepEqual(
      await zh.getByRole('list', { name: '匯入結果' }).getByRole('listitem').allTextContents(),
      ['共 4 列', '存入 0 列', '重複 3 列（已存在）', '拒絕 1 列'],
    );
    // On a phone the mapping, the preview and the result stay within the screen and their card.
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    assert.deepEqual(await layoutFaults(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("enters this year's emission factor: today's CO2 on the Overview uses it, earlier years keep theirs", async () => {
    const { context, page, errors } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), ADMIN);
    await openAdmin(page, 'Factory');
    const year = new Date().getFullYear();
    const section = page.getByRole('region', { name: 'Emission factors by year' });
    // A new factory starts with Taiwan's published factors; this year borrows the latest one.
    await section
      .getByText(`${year} uses 2024's factor 0.474 until ${year}'s is entered (provisional).`)
      .waitFor();
    await section.getByRole('button', { name: 'Add a year' }).click();
    const dialog = page.getByRole('dialog', { name: "Add a year's emission factor" });
    await dialog.getByLabel('Year', { exact: true }).fill(String(year));
    await dialog.getByLabel('kg CO2e/kWh', { exact: true }).fill('0.5');
    await dialog.getByLabel('Source', { exact: true }).fill('E2E check');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText(`${year} uses its own factor, 0.5 kg CO2e/kWh.`).waitFor();

    // Hand-computed: today's CO2 is today's kWh × 0.5; 2023 still answers its own 0.494.
    const session = await signInApi(run.baseUrl(), ADMIN);
    const overview = await callApi<{
      averagePowerUsage: { day: { kwh: number; co2: number } };
    }>(run.baseUrl(), '/v1/Web/Overview', { factoryId: 0 }, session);
    const { kwh, co2 } = overview.averagePowerUsage.day;
    assert.ok(Math.abs(co2 - kwh * 0.5) <= 0.001, `${co2} kg for ${kwh} kWh`);
    const factors = await callApi<{ factors: { year: number; kgPerKwh: number }[] }>(
      run.baseUrl(),
      '/v1/Admin/EmissionFactor/List',
      { factoryId: 0 },
      session,
    );
    assert.equal(factors.factors.find((entry) => entry.year === 2023)?.kgPerKwh, 0.494);
    // The Factory form's field is this year's factor.
    assert.equal(await page.getByLabel('CO2 factor of this year (kg/kWh)').inputValue(), '0.5');

    // Scope 2 of this year: every month at 0.5 kg/kWh, in tonnes, with the carbon-fee exposure.
    const scope2 = page.getByRole('region', { name: 'Scope 2 emissions by year' });
    await scope2.getByLabel('Year', { exact: true }).selectOption(String(year));
    await scope2
      .getByText(`Emission factor 0.5 kg CO2e/kWh (${year}). Source: E2E check`)
      .waitFor();
    const report = await callApi<{
      months: { kwh: number; tco2e: number }[];
      kwh: number;
      tco2e: number;
      carbonFee: { ntdPerTonne: number; ntd: number }[];
    }>(run.baseUrl(), '/v1/Web/Carbon/Scope2', { factoryId: 0, year }, session);
    assert.ok(report.kwh > 0, 'the demo has drawn energy this year');
    assert.ok(Math.abs(report.tco2e - (report.kwh * 0.5) / 1000) <= 0.001, `${report.tco2e} t`);
    for (const month of report.months) {
      assert.ok(Math.abs(month.tco2e - (month.kwh * 0.5) / 1000) <= 0.001, JSON.stringify(month));
    }
    assert.ok(Math.abs(report.carbonFee[0]!.ntd - report.tco2e * 300) <= 0.5);
    await scope2
      .getByRole('row', { name: /^Total/ })
      .first()
      .waitFor();
    // On a phone the factors and the report stay within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    assert.deepEqual(await layoutFaults(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('gives a non-Admin user no Admin entry, a refusal on the page and 403 from the calls', async () => {
    const { context, page } = await newPage(run.browser());
    await signIn(page, run.baseUrl(), DEMO);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Overview' })
      .waitFor();
    assert.equal(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Admin' })
        .count(),
      0,
    );
    await page.goto(`${run.baseUrl()}/dashboard/admin/users`);
    await page.getByText('Only the Admin user of this factory can use this page.').waitFor();

    const session = await signInApi(run.baseUrl(), DEMO);
    for (const path of [
      '/v1/Admin/User/List',
      '/v1/Admin/Node/List',
      '/v1/Admin/Gateway/List',
      '/v1/Admin/Audit/List',
    ]) {
      const res = await fetch(`${run.baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
        body: JSON.stringify({ ...session, action: path }),
      });
      assert.equal(res.status, 403, path);
      const body = (await res.json()) as Record<string, unknown>;
      assert.equal(body.message, 'Only the Admin user of this factory can do this.');
      assert.equal(body.users ?? body.nodes ?? body.gateways ?? body.entries, undefined);
    }
    await context.close();
  });
});
