// The four faults, one after another, each followed by a steady window.
import type { SoakClient } from './clients.ts';
import type { Feeder } from './feeder.ts';
import type { FaultRecord } from './report.ts';
import type { Stack } from './stack.ts';
import { sleep, waitFor } from './wait.ts';

export interface Plan {
  warmMs: number;
  /** Steady time after each fault's recovery (and the "before" window of the next). */
  windowMs: number;
  killDownMs: number;
  redisDownMs: number;
  /** How long the broker and the database stay down in their restarts. */
  restartGapMs: number;
}

/**
 * Recovered = an alert raised from a breach published after the repair has
 * reached every client; resolves with when the last of them had it.
 */
async function recovered(
  stack: Stack,
  clients: readonly SoakClient[],
  feeder: Feeder,
  since: Date,
  repairedAt: number,
): Promise<number | null> {
  let at: number | null = null;
  await waitFor(
    'an alert raised after the repair at every client',
    async () => {
      const events = await stack.db.events(stack.tenant.factoryId, since);
      // Any of them: one raised at the very moment of the repair may still be on its way.
      const fresh = events.find(
        (e) =>
          (feeder.breaches.get(e.openedAt) ?? 0) > repairedAt &&
          clients.every((c) => c.seen.has(e.id)),
      );
      if (!fresh) return false;
      at = Math.max(...clients.map((c) => c.seen.get(fresh.id)!));
      return true;
    },
    180_000,
    500,
  ).catch(async () => {
    const events = await stack.db.events(stack.tenant.factoryId, since).catch(() => []);
    const newest = events.at(-1);
    const lacking = clients.filter((c) => newest && !c.seen.has(newest.id));
    const states = lacking.map((c) => c.connection.state);
    console.log(
      `not recovered: ${events.length} alerts, newest ${newest?.id} (${newest?.openedAt}) missing at ${lacking.length} clients (${[...new Set(states)].join(', ')})`,
    );
  });
  return at;
}

export async function runFaults(
  stack: Stack,
  plan: Plan,
  clients: readonly SoakClient[],
  feeder: Feeder,
  since: Date,
  log: (line: string) => void,
): Promise<FaultRecord[]> {
  // The scheduler's leader if it is not the simulating instance, so the lease's take-over is tested too.
  const holder = await stack.db.leaseHolder(stack.demoFactoryId).catch(() => null);
  const leader = stack.instances.find((i) => i.name !== 'A' && holder?.includes(`-${i.pid()}-`));
  const victim = leader ?? stack.instances.find((i) => i.name === 'B')!;
  const faults: [string, () => Promise<void>][] = [
    [
      `kill -9 instance ${victim.name}${leader ? ' (scheduler leader)' : ''}`,
      async () => {
        await victim.kill();
        await sleep(plan.killDownMs);
        await victim.start();
      },
    ],
    [
      `Redis stopped ${plan.redisDownMs / 1000} s`,
      async () => {
        await stack.redis.stop();
        await sleep(plan.redisDownMs);
        await stack.redis.start();
      },
    ],
    [
      'broker restart',
      async () => {
        await stack.broker.stop();
        await sleep(plan.restartGapMs);
        await stack.broker.start();
      },
    ],
    [
      'PostgreSQL restart',
      async () => {
        await stack.postgres.stop();
        await sleep(plan.restartGapMs);
        await stack.postgres.start();
      },
    ],
  ];
  const records: FaultRecord[] = [];
  for (const [name, inject] of faults) {
    const startedAt = Date.now();
    log(`fault: ${name}`);
    await inject();
    const repairedAt = Date.now();
    const recoveredAt = await recovered(stack, clients, feeder, since, repairedAt);
    log(
      recoveredAt === null
        ? `${name}: NOT recovered`
        : `${name}: recovered ${((recoveredAt - repairedAt) / 1000).toFixed(1)} s after the repair`,
    );
    records.push({ name, startedAt, repairedAt, recoveredAt, windowMs: plan.windowMs });
    await sleep(plan.windowMs);
  }
  return records;
}
