// `npm run soak` (30 minutes) / `npm run soak -- --short` (about 3 minutes, CI):
// three instances on their own PostgreSQL, Redis and Mosquitto, the simulator
// publishing over MQTT, 300 hub clients, alarms, mail and the control
// scheduler, through a killed instance, a Redis outage, a broker restart and a
// database restart. Prints one table; exits non-zero when anything was lost.
import { connectedCount, connectSoakClients, stopSoakClients } from './soak/clients.ts';
import { startFeeder } from './soak/feeder.ts';
import { runFaults, type Plan } from './soak/faults.ts';
import { drainAndMeasure } from './soak/drain.ts';
import { failures, formatTable } from './soak/report.ts';
import { missingBinaries } from './soak/services.ts';
import { withStack, type Stack } from './soak/stack.ts';
import { sleep } from './soak/wait.ts';

const short = process.argv.includes('--short');
const CLIENTS = 300;
const plan: Plan = short
  ? {
      warmMs: 20_000,
      windowMs: 15_000,
      killDownMs: 5_000,
      redisDownMs: 20_000,
      restartGapMs: 3_000,
    }
  : {
      warmMs: 120_000,
      windowMs: 390_000,
      killDownMs: 10_000,
      redisDownMs: 20_000,
      restartGapMs: 5_000,
    };

const began = Date.now();
const log = (line: string) =>
  console.log(`[soak ${((Date.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function api<T>(
  stack: Stack,
  path: string,
  body: object,
  token?: string,
  method = 'POST',
): Promise<T> {
  const { tenant } = stack;
  const res = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ email: tenant.email, token: token ?? '', action: path, ...body }),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function soak(stack: Stack): Promise<boolean> {
  const { db, tenant } = stack;
  const { token } = await api<{ token: string }>(stack, '/User/SignIn', {
    password: tenant.password,
  });
  await api(
    stack,
    '/v1/Web/Setting/Alarm/Update',
    {
      deviceId: tenant.meterId,
      alarms: [{ target: 'voltage', isActivated: true, threshold: { low: null, high: 240 } }],
    },
    token,
  );
  await api(
    stack,
    '/v1/Setting/UpdateEmailReceivers',
    {
      receivers: [{ receiverName: 'Soak', email: 'soak@soak.bench', status: 'on' }],
    },
    token,
  );
  const flipChannels = await db.query<{ factory: string; id: number; status: string }>(
    `SELECT 'demo' AS factory, id, status FROM channel_schedules
      WHERE factory_id = $1 AND action IN ('on', 'off') ORDER BY id LIMIT 3`,
    [stack.demoFactoryId],
  );

  const clients = await connectSoakClients(stack.baseUrl, token, CLIENTS);
  log(`${connectedCount(clients)} of ${CLIENTS} hub clients connected`);
  const since = new Date(Date.now() - 1000);
  const feeder = await startFeeder({
    url: stack.broker.url,
    factoryId: tenant.factoryId,
    meterSerial: tenant.meterSerial,
    intervalMs: 3000,
    flipChannels,
    flipEveryMs: short ? 20_000 : 40_000,
  });
  // A person clears each event, so the next breach opens a new one (and a new alert and mail).
  let resolving = false;
  const resolver = setInterval(() => {
    if (resolving) return;
    resolving = true;
    db.query<{ id: string }>(
      "SELECT id FROM events WHERE factory_id = $1 AND state = 'unresolved'",
      [tenant.factoryId],
    )
      .then((rows) =>
        Promise.all(rows.map((r) => api(stack, `/v1/Event/${r.id}/resolve`, {}, token, 'PUT'))),
      )
      .catch(() => undefined)
      .finally(() => (resolving = false));
  }, 500);
  let leader: string | null = null;
  let leaderChanges = 0;
  const leases = setInterval(() => {
    db.leaseHolder(stack.demoFactoryId).then(
      (holder) => {
        if (holder && leader && holder !== leader) leaderChanges += 1;
        if (holder) leader = holder;
      },
      () => undefined,
    );
  }, 1000);

  try {
    log(`feeding; steady for ${plan.warmMs / 1000} s`);
    await sleep(plan.warmMs);
    const faults = await runFaults(stack, plan, clients, feeder, since, log);

    log('faults done; draining');
    feeder.stopFeeding();
    clearInterval(resolver);
    const figures = {
      ...(await drainAndMeasure(stack, clients, feeder, since, log)),
      leaderChanges,
      faults,
      seconds: Math.round((Date.now() - began) / 1000),
    };
    console.log(`\nSoak test (${short ? 'short' : 'long'} form), under load on this machine\n`);
    console.log(formatTable(figures));
    const failed = failures(figures);
    console.log(failed.length === 0 ? '\nPASS: nothing lost' : `\nFAIL: ${failed.join(', ')}`);
    return failed.length === 0;
  } finally {
    clearInterval(leases);
    clearInterval(resolver);
    await feeder.close();
    await stopSoakClients(clients);
  }
}

const missing = missingBinaries();
if (missing.length > 0) {
  // As the other suites do: outside CI a machine without the services skips with a how-to;
  // in CI (and when asked for by hand) a missing binary fails.
  const skip = process.argv.includes('--skip-if-missing') && !process.env.CI;
  console.error(
    `soak: missing ${missing.join(', ')}; install them to run the soak test` +
      (skip ? ' (skipped)' : ''),
  );
  process.exit(skip ? 0 : 2);
}
let ok = false;
try {
  ok = await withStack(log, soak);
} catch (error) {
  console.error('soak failed:', error);
}
process.exit(ok ? 0 : 1);
