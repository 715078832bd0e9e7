// After the faults: wait until everything that was acknowledged has had its
// chance (stored, pushed, mailed), then count what arrived.
import type { SoakClient } from './clients.ts';
import type { Feeder } from './feeder.ts';
import { doubleSwitches, type SoakFigures } from './report.ts';
import type { Stack } from './stack.ts';
import { waitFor } from './wait.ts';

/** The figures the drain measures; the caller fills in the faults, leader changes and duration. */
export async function drainAndMeasure(
  stack: Stack,
  clients: readonly SoakClient[],
  feeder: Feeder,
  since: Date,
  log: (line: string) => void,
): Promise<Omit<SoakFigures, 'leaderChanges' | 'faults' | 'seconds'>> {
  // One never acknowledged is not counted (the broker never took it); it is named here.
  await waitFor('every publish acknowledged', () => feeder.pending() === 0, 60_000).catch(() =>
    log(`${feeder.pending()} publishes never acknowledged (not counted as acknowledged)`),
  );
  const acknowledged = new Set(feeder.acknowledged);
  let stored = new Set<string>();
  await waitFor(
    'every acknowledged reading stored',
    async () => {
      stored = await stack.db.storedKeys(new Date(since.getTime() - 120_000));
      return [...acknowledged].every((key) => stored.has(key));
    },
    120_000,
    1000,
  ).catch((error: unknown) => log((error as Error).message));
  const events = await stack.db.events(stack.tenant.factoryId, since);
  await waitFor(
    'every client has every alert',
    () => clients.every((c) => events.every((e) => c.seen.has(e.id))),
    60_000,
    500,
  ).catch((error: unknown) => log((error as Error).message));
  await waitFor(
    'the mail outbox drained',
    async () => {
      const box = await stack.db.outbox(since);
      return box.open === 0 && stack.mail.deliveries.size >= box.total;
    },
    240_000,
    1000,
  ).catch((error: unknown) => log((error as Error).message));
  const box = await stack.db.outbox(since);

  const latencies: [number, number][] = [];
  let missed = 0;
  for (const event of events) {
    const published = feeder.breaches.get(event.openedAt);
    let lacking = 0;
    for (const client of clients) {
      const seen = client.seen.get(event.id);
      if (seen === undefined) lacking += 1;
      else if (published !== undefined) latencies.push([published, seen - published]);
    }
    missed += lacking;
    if (lacking > 0) log(`alert ${event.id} (${event.openedAt}) missing at ${lacking} clients`);
  }
  for (const [id, times] of stack.mail.deliveries) {
    if (times > 1) log(`mail ${id} delivered ${times} times`);
  }
  return {
    readingsAcknowledged: acknowledged.size,
    readingsStored: [...acknowledged].filter((key) => stored.has(key)).length,
    alertsRaised: events.length,
    alertsMissed: missed,
    clients: clients.length,
    mailsQueued: box.total,
    mailsDelivered: stack.mail.deliveries.size,
    mailsDuplicated: [...stack.mail.deliveries.values()].reduce((n, c) => n + c - 1, 0),
    commands: new Set(feeder.commands.map((c) => c.commandId)).size,
    flips: feeder.flips,
    doubleSwitches: doubleSwitches(feeder.commands),
    latencies,
  };
}
