import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { callApi, signInApi } from '../support/api.ts';
import { ADMIN, newPage, signIn } from '../support/browser.ts';
import { startModbusMeterAndGateway } from '../support/gateway.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

/** What the person reads and presses, in each language (apps/web/src/locales). */
const TEXT = {
  en: {
    create: 'New template',
    manufacturer: 'Manufacturer', model: 'Model', address: 'Address', gateway: 'Gateway',
    host: 'Meter host (Modbus TCP)', port: 'Port', unitId: 'Unit id', readNow: 'Read now',
    save: 'Save template', voltage: 'Voltage L1', current: 'Current L1', power: 'Power L1',
  },
  zh: {
    create: '新增範本',
    manufacturer: '製造商', model: '型號', address: '位址', gateway: '閘道器',
    host: '電表主機（Modbus TCP）', port: '連接埠', unitId: '站號', readNow: '立即讀取',
    save: '儲存範本', voltage: '電壓 L1', current: '電流 L1', power: '功率 L1',
  },
} as const; // prettier-ignore

async function openGateways(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Gateways' }).click();
} // prettier-ignore

/**
 * Issue #25: a person defines a meter template in Admin, presses "Read now" and sees the values
 * the real gateway decoded from a real Modbus TCP meter (an SDM630's registers: 230 V, 10 A,
 * 2000 W on L1), then saves it; in English and in 中文.
 */
describe('meter templates defined in Admin', needsBrowser, () => {
  const run = useProductAndBrowser();

  for (const lang of ['en', 'zh'] as const) {
    it(`defines a template, reads a meter now, sees the decoded values and saves it (${lang})`, async () => {
      const text = TEXT[lang];
      const api = await signInApi(run.baseUrl(), ADMIN);
      const name = `E2E template gateway ${lang}`;
      const created = await callApi<{ statusCode: number; key: string }>(
        run.baseUrl(), '/v1/Admin/Gateway/Create', { name }, api,
      ); // prettier-ignore
      assert.equal(created.statusCode, 200);
      const site = await startModbusMeterAndGateway(run.baseUrl(), created.key);
      const { context, page, errors } = await newPage(run.browser());
      try {
        await site.gateway.start();
        await signIn(page, run.baseUrl(), ADMIN);
        await openGateways(page);
        if (lang === 'zh') await page.getByRole('button', { name: '中文' }).click();
        await page.getByRole('button', { name: text.create }).click();
        const editor = page.getByTestId('template-editor');
        await editor.getByLabel(text.manufacturer, { exact: true }).fill('Eastron');
        await editor.getByLabel(text.model, { exact: true }).fill(`SDM630 by hand ${lang}`);
        // The three registers a new template starts with: V, A and W of L1, float32, function 4.
        for (const [i, address] of ['0', '6', '12'].entries()) {
          await editor.getByLabel(`${text.address} ${i + 1}`, { exact: true }).fill(address);
        }
        await editor.getByLabel(text.gateway, { exact: true }).selectOption({ label: name });
        await editor.getByLabel(text.host, { exact: true }).fill('127.0.0.1');
        await editor.getByLabel(text.port, { exact: true }).fill(String(site.modbusPort));
        await editor.getByLabel(text.unitId, { exact: true }).fill('1');
        await editor.getByRole('button', { name: text.readNow, exact: true }).click();
        const values = editor.getByTestId('read-now-values');
        await values.waitFor({ timeout: 10_000 });
        const shown = (await values.innerText()).replace(/\s+/g, ' ');
        for (const expected of [
          `${text.voltage} 230 V`,
          `${text.current} 10 A`,
          `${text.power} 2 kW`,
        ]) {
          assert.ok(shown.includes(expected), `${expected} in: ${shown}\n${site.log.join('\n')}`);
        }
        await editor.getByRole('button', { name: text.save }).click();
        await page
          .getByTestId('admin-template-row')
          .filter({ hasText: `Eastron SDM630 by hand ${lang}` })
          .waitFor();
        assert.equal(await page.getByTestId('template-editor').count(), 0);
        assert.ok(site.log.some((line) => line.startsWith('read now: unit 1 at 127.0.0.1:')));
      } finally {
        await site.stop();
        await context.close();
      }
      assert.deepEqual(errors, []);
    });
  }
});
