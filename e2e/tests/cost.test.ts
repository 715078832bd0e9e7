import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { callApi, signInApi, type ApiSession } from '../support/api.ts';
import { ADMIN, newPage, signIn } from '../support/browser.ts';
import { needsBrowser, useProductAndBrowser } from '../support/suite.ts';

/** "NT$4,821" / "NT$8.40" → 4821 / 8.4; NaN for a dash. */
function moneyIn(text: string | null): number {
  const match = /-?[\d,]+(\.\d+)?/.exec(text ?? '');
  return match ? Number(match[0].replace(/,/g, '')) : Number.NaN;
}

function factoryToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
}

/** Reads until `ok` holds (the simulator writes history and new minutes meanwhile); 120 s. */
async function eventually<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = await read().catch((error: unknown) => error);
    if (!(value instanceof Error) && ok(value as T)) return value as T;
    if (Date.now() > deadline) assert.fail(`${what}: last read ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

interface Summary {
  tariff: { name: string } | null;
  today: { cost: number | null };
  month: {
    month: string;
    contractCapacityKw: number | null;
    basicCharge: number | null;
    total: number | null;
    projectedTotal: number | null;
  };
}
interface Tariff {
  current: {
    tariff: {
      seasons: { season: 'summer' | 'nonSummer'; from: string; to: string }[];
      basicChargePerKw: Record<'summer' | 'nonSummer', number>;
    };
  } | null;
}

/** The season of a MM-dd under the tariff's ranges (from after to wraps over new year). */
function seasonOf(tariff: NonNullable<Tariff['current']>['tariff'], md: string) {
  const found = tariff.seasons.find((s) =>
    s.from <= s.to ? s.from <= md && md <= s.to : md >= s.from || md <= s.to,
  );
  return found?.season ?? null;
}

async function shownMoney(page: Page, testId: string): Promise<number> {
  return moneyIn(await page.getByTestId(testId).textContent());
}

describe('electricity cost', needsBrowser, () => {
  const run = useProductAndBrowser({ DEV_TOOLS: '1' });

  it("shows today's cost and the projected bill as the tariff prices them, and the Admin tariff", async () => {
    const base = run.baseUrl();
    const { context, page, errors } = await newPage(run.browser());
    page.context().setDefaultTimeout(60_000);
    await signIn(page, base, ADMIN);
    const session: ApiSession = await signInApi(base, ADMIN);
    const today = factoryToday();
    const overview = await callApi<{ detectLine: { id: number }[] }>(
      base,
      '/v1/Web/Overview',
      { factoryId: 0 },
      session,
    );

    const root = overview.detectLine[0]!.id;
    // Today's figure on the card is what the root's cost over today adds up to (Cost/Node):
    // both read the same buckets; a new minute may land between the two reads, so read again.
    const [shown, nodeTotal] = await eventually(
      "the card's today vs Cost/Node for the root",
      async () => {
        const card = await shownMoney(page, 'cost-today');
        const node = await callApi<{ totalCost: number | null }>(
          base,
          '/v1/Web/Cost/Node',
          {
            factoryId: 0,
            deviceId: root,
            startDate: today,
            endDate: today,
            interval: 'hour',
          },
          session,
        );
        return [card, node.totalCost ?? Number.NaN] as const;
      },
      ([card, node]) => card > 0 && Math.abs(card - node) <= (node >= 1000 ? 0.5 : 0.005) + 1e-9,
    );
    assert.ok(shown > 0 && nodeTotal > 0, `today costs something: ${shown}`);

    // The projected bill: the summary's figure, at least the bill so far, with the demand
    // charge of the contract capacity at the season's rate of the tariff in force.
    // The first start's history of the past days may still be arriving (the projection
    // reads them), so the page is reloaded until it and the summary read the same days.
    let firstRead = true;
    const [projected, summary] = await eventually(
      'the projected bill on the card vs the summary',
      async () => {
        if (!firstRead) await page.reload();
        firstRead = false;
        const shownNow = await eventually(
          'the projected bill',
          () => shownMoney(page, 'cost-projected'),
          (value) => value > 0,
        );
        const s = await callApi<Summary>(base, '/v1/Web/Cost/Summary', { factoryId: 0 }, session);
        return [shownNow, s] as const;
      },
      ([shownNow, s]) =>
        s.month.projectedTotal !== null &&
        Math.abs(shownNow - s.month.projectedTotal) <= Math.max(1, s.month.projectedTotal * 0.01),
    );
    assert.ok(summary.month.projectedTotal !== null && summary.month.total !== null);
    assert.ok(projected > 0);
    assert.ok(
      summary.month.projectedTotal >= summary.month.total,
      'the projection includes the bill so far',
    );
    const tariff = await callApi<Tariff>(base, '/v1/Admin/Tariff/Get', { factoryId: 0 }, session);
    assert.ok(tariff.current, 'a tariff is in force');
    const capacity = summary.month.contractCapacityKw;
    const [year, month] = summary.month.month.split('-').map(Number) as [number, number];
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const seasons = new Set(
      Array.from({ length: days }, (_, d) =>
        seasonOf(
          tariff.current!.tariff,
          `${String(month).padStart(2, '0')}-${String(d + 1).padStart(2, '0')}`,
        ),
      ),
    );
    if (capacity !== null && seasons.size === 1) {
      const season = [...seasons][0]!;
      const expected = capacity * tariff.current.tariff.basicChargePerKw[season];
      assert.ok(
        Math.abs((summary.month.basicCharge ?? Number.NaN) - expected) <= 0.01,
        `basic charge ${summary.month.basicCharge} = ${capacity} kW × ${tariff.current.tariff.basicChargePerKw[season]}`,
      );
      assert.ok(Math.abs((await shownMoney(page, 'cost-basic')) - expected) <= 0.5);
    }

    // The Admin's tariff section shows the version in force and its rates.
    await page.goto(`${base}/dashboard/admin/tariff`);
    const current = page.getByTestId('tariff-current');
    await current.getByRole('heading', { name: /^In force: / }).waitFor();
    await current.getByRole('table', { name: 'Periods and rates' }).waitFor();
    assert.ok((await current.getByText(/NT\$\d+\.\d{2} \/ kWh/).count()) >= 3);
    await page.getByRole('heading', { name: 'Holiday calendar' }).waitFor();

    assert.deepEqual(errors, []);
    await context.close();
  });
});
