// `npm run audit:web`: Lighthouse 13 on the built product (docs/product/budgets.md). Builds
// nothing: run `npm run build` first (or point WEB_DIST_DIR at another build).
// Starts the product on a fresh database, signs in through the login screen,
// and audits login, Overview and Monitoring Point with the desktop and mobile
// presets (simulated throttling), each from a cold HTTP cache (a first visit;
// the session in local storage is kept; AUDIT_CACHE=warm for repeat visits).
// Exits 1 under a budget: performance ≥ 95 desktop / ≥ 80 mobile (not judged
// with AUDIT_GATE=cls), CLS ≤ 0.05, judged on the median of five runs per page
// and form factor, stopping once three agree (scripts/audit-web-rule.ts says why).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { startProduct } from '../e2e/support/product.ts';
import { CHROMIUM_ARGS, findChromium, SKIP_REASON } from '../e2e/support/chromium.ts';
import { settled, verdict, type Figures } from './audit-web-rule.ts';

const BUDGET = { desktop: 95, mobile: 80, cls: 0.05 };
const PAGES = [
  { name: 'login', path: '/dashboard/login', signedIn: false },
  { name: 'overview', path: '/dashboard/overview', signedIn: true },
  { name: 'monitoring-point', path: '/dashboard/monitoring-point', signedIn: true },
] as const;
const DEMO = { email: 'demo@wattboard.local', password: 'wattboard-demo' };
/**
 * The server's answer time the simulation assumes, ms. Lantern otherwise takes it
 * from the answers it observed: the product runs on the same busy machine as the
 * browser (and a first start's backfill), so 1-4 s answers made login desktop 56
 * one run and 99 the next. The client is what this audit measures; the server's
 * speed has its own benchmarks (bench/).
 */
const SERVER_ANSWER_MS = 50;
/**
 * AUDIT_CACHE=warm audits repeat visits (the assets cached by the unmeasured visit
 * before), as this script did before; the default is Lighthouse's own cold cache.
 */
const WARM = process.env.AUDIT_CACHE === 'warm';
/**
 * AUDIT_GATE=cls fails only on layout shift (stable from run to run even on a busy
 * machine) and prints the scores without judging them: for a machine busy with
 * other work. The default (what `npm test` and CI run) judges both.
 */
const GATE_SCORES = process.env.AUDIT_GATE !== 'cls';
/**
 * AUDIT_PAGES=overview,monitoring-point audits only those pages and AUDIT_FORMS=mobile
 * only that form factor (default: all), for measuring one change while working.
 */
const chosen = (name: string) => process.env[name]?.split(',').filter(Boolean);
const ONLY_PAGES = chosen('AUDIT_PAGES');
const FORMS = (chosen('AUDIT_FORMS') ?? ['desktop', 'mobile']) as ('desktop' | 'mobile')[];
const unknown = [
  ...(ONLY_PAGES ?? []).filter((name) => !PAGES.some((target) => target.name === name)),
  ...FORMS.filter((form) => form !== 'desktop' && form !== 'mobile'),
];
/** AUDIT_JSON_DIR=dir keeps each run's Lighthouse result there (bootup-time, traces' summaries). */
const JSON_DIR = process.env.AUDIT_JSON_DIR;
if (JSON_DIR) mkdirSync(JSON_DIR, { recursive: true });
let savedRuns = 0;
if (unknown.length > 0) {
  console.error(`unknown AUDIT_PAGES/AUDIT_FORMS: ${unknown.join(', ')}`);
  process.exit(2);
}

interface Run extends Figures {
  /** Lighthouse's measure of the machine's speed at the run (higher is faster). */
  benchmarkIndex: number;
  /** JavaScript execution time (Lighthouse's bootup-time), ms. */
  scriptMs: number;
}

const chromium = findChromium();
if (!chromium) {
  // As the E2E suite does: skipped with a how-to outside CI (findChromium throws in CI).
  console.log(`audit:web skipped: ${SKIP_REASON}`);
  process.exit(0);
}
const dist = path.resolve(
  process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../apps/web/dist'),
);
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`${dist} not built: run \`npm run build\` first`);
  process.exit(2);
}

const started = Date.now();
// The server reads WEB_DIST_DIR from the environment it inherits.
const product = await startProduct({ WEB_DIST_DIR: dist });
const profile = mkdtempSync(path.join(tmpdir(), 'wattboard-audit-'));
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  userDataDir: profile,
  args: CHROMIUM_ARGS,
});

/**
 * Waits until the server answers its database probe quickly several times in a
 * row: a first start writes 90 days of history behind its first answers, and
 * Lighthouse's simulation counts the server's observed answer times, so a page
 * audited meanwhile measures the backfill (login desktop 56 instead of 100).
 */
async function waitForQuietServer() {
  const deadline = Date.now() + 240_000;
  let quiet = 0;
  while (quiet < 8) {
    if (Date.now() > deadline) {
      console.warn('the server did not settle within 240 s; auditing anyway');
      return;
    }
    const asked = performance.now();
    const answer = await fetch(`${product.baseUrl}/readyz`);
    quiet = answer.ok && performance.now() - asked < 100 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signIn() {
  const page = await browser.newPage();
  await page.goto(`${product.baseUrl}/dashboard/login`);
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('button[type="submit"]').click();
  // A first start is still storing its 90-day history: allow a slow first sign-in.
  const deadline = Date.now() + 120_000;
  while (!page.url().endsWith('/dashboard/overview')) {
    if (Date.now() > deadline) throw new Error(`sign-in did not reach Overview: ${page.url()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Warm: the server has answered the day's series (the chart's box appears with data;
  // the chart itself starts only on screen).
  await page.waitForSelector('[data-testid="overview-power-chart"] .wb-chart', {
    timeout: 120_000,
  });
  await page.close();
}

/** Drops the HTTP cache (not local storage, which holds the session): each run is a first visit. */
/**
 * A first visit: no HTTP cache, and no service worker or its Cache Storage (the
 * installable app's worker, docs/installable-app.md, would otherwise answer every
 * script from the visit before). Local storage, and so the session, is kept.
 */
async function clearCache(page: Page, origin: string) {
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'service_workers,cache_storage',
  });
  await session.detach();
}

/** Lighthouse's desktop or (default) mobile preset with the server's answer time pinned. */
function lighthouseConfig(formFactor: 'desktop' | 'mobile', origin: string) {
  const base =
    formFactor === 'desktop' ? desktopConfig : { extends: 'lighthouse:default' as const };
  return {
    ...base,
    settings: {
      ...(formFactor === 'desktop' ? desktopConfig.settings : {}),
      precomputedLanternData: {
        additionalRttByOrigin: { [origin]: 0 },
        serverResponseTimeByOrigin: { [origin]: SERVER_ANSWER_MS },
      },
    },
  };
}

async function audit(url: string, formFactor: 'desktop' | 'mobile'): Promise<Run> {
  const page = await browser.newPage();
  try {
    if (!WARM) await clearCache(page, new URL(url).origin);
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance'],
        // Keep the signed-in session (local storage) that the audit needs.
        disableStorageReset: true,
      },
      lighthouseConfig(formFactor, new URL(url).origin),
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (JSON_DIR) {
      const name = `${new URL(url).pathname.split('/').pop()}-${formFactor}-${++savedRuns}.json`;
      writeFileSync(path.join(JSON_DIR, name), JSON.stringify(lhr));
    }
    // A run that could not measure (e.g. NO_LCP on a busy machine) has no score: not a figure.
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const problem =
      lhr.runtimeError?.code ??
      (typeof lhr.categories.performance?.score !== 'number' ? 'no score' : undefined) ??
      (Number.isNaN(numeric('cumulative-layout-shift')) ? 'no CLS' : undefined);
    if (problem) throw new Error(`Lighthouse could not measure ${url}: ${problem}`);
    // Bytes as sent (compressed) of every script the page loaded. (total-byte-weight
    // lists only its ten largest items, none of them scripts from a warm cache.)
    const requests = lhr.audits['network-requests']?.details as
      { items: { resourceType?: string; transferSize?: number }[] } | undefined;
    const jsBytes = (requests?.items ?? [])
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      cls: numeric('cumulative-layout-shift'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      jsKb: jsBytes / 1024,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      scriptMs: numeric('bootup-time'),
    };
  } finally {
    await page.close();
  }
}

async function visit(pagePath: string) {
  const page = await browser.newPage();
  await page.goto(`${product.baseUrl}${pagePath}`, { waitUntil: 'networkidle0', timeout: 120_000 });
  await page.close();
}

const line = (figures: Figures) =>
  `performance ${String(Math.round(figures.score)).padStart(3)}  CLS ${figures.cls.toFixed(3)}  ` +
  `LCP ${Math.round(figures.lcpMs)} ms  TBT ${Math.round(figures.tbtMs)} ms  ` +
  `JS ${figures.jsKb.toFixed(1)} KB sent`;

const failures: string[] = [];
try {
  await waitForQuietServer();
  console.log(`server settled after ${Math.round((Date.now() - started) / 1000)} s`);
  let signedIn = false;
  for (const target of PAGES.filter((t) => !ONLY_PAGES || ONLY_PAGES.includes(t.name))) {
    if (target.signedIn && !signedIn) {
      await signIn();
      signedIn = true;
    }
    // One unmeasured visit first: a fresh server's first answers are slow.
    await visit(target.path);
    for (const formFactor of FORMS) {
      const budget = { minScore: GATE_SCORES ? BUDGET[formFactor] : 0, maxCls: BUDGET.cls };
      const runs: Run[] = [];
      let broken = 0;
      do {
        try {
          runs.push(await audit(`${product.baseUrl}${target.path}`, formFactor));
        } catch (error) {
          // A broken run says nothing about the page; three in one place stop the audit.
          if (++broken > 2) throw error;
          console.warn(`  (run again) ${String(error)}`);
        }
      } while (!settled(runs, budget));
      const { figures, over } = verdict(runs, budget);
      failures.push(...over.map((text) => `${target.name} ${formFactor}: ${text}`));
      const each = runs.map(
        (run) =>
          `${run.score} (script ${Math.round(run.scriptMs)} ms, bench ${Math.round(run.benchmarkIndex)})`,
      );
      console.log(
        `${over.length ? 'OVER' : 'ok  '} ${target.name.padEnd(17)} ${formFactor.padEnd(7)} ` +
          `${line(figures)}  [median of ${runs.length}: ${each.join(', ')}]`,
      );
    }
  }
} finally {
  await browser.close();
  await product.stop();
  rmSync(profile, { recursive: true, force: true });
}

console.log(`audit took ${Math.round((Date.now() - started) / 1000)} s`);
if (failures.length > 0) {
  console.error(`under budget (docs/product/budgets.md):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
