// One process of bench clients (bench/hub-fleet.ts forks several): a single process cannot
// hold 20,000 sockets under this machine's 20,000-descriptor limit, and its event loop
// parsing 5,000 frames one after another would be measured as the hub's latency.
import { connectClients, stopClients, type BenchClient } from './hub-clients.ts';
import type { FleetOrder, FleetReply } from './hub-fleet.ts';

const clients: BenchClient[] = [];
const seen = new Set<string>();
let waiting: { known: Set<string>; check: () => void } | undefined;

function reply(message: FleetReply): void {
  process.send!(message);
}

function onAlert(alertId: string): void {
  seen.add(alertId);
  waiting?.check();
}

/** After 'arm': the first alert id new since then, once every client of this process has it. */
function awaitNext(timeoutMs: number): void {
  const known = new Set(seen);
  const timer = setTimeout(() => {
    waiting = undefined;
    reply({ kind: 'arrivals', error: `not every client got the alert within ${timeoutMs} ms` });
  }, timeoutMs);
  const check = () => {
    const id = [...seen].find((candidate) => !known.has(candidate));
    if (id === undefined || !clients.every((c) => c.alerts.has(id))) return;
    clearTimeout(timer);
    waiting = undefined;
    reply({ kind: 'arrivals', alertId: id, arrivals: clients.map((c) => c.alerts.get(id)!) });
  };
  waiting = { known, check };
  reply({ kind: 'armed' });
}

process.on('message', (order: FleetOrder) => {
  switch (order.kind) {
    case 'connect':
      void connectClients(order.baseUrl, order.token, order.count, onAlert).then((more) => {
        clients.push(...more.clients);
        reply({
          kind: 'connected',
          connected: more.clients.length,
          failed: more.failed,
          ...(more.firstError ? { firstError: more.firstError } : {}),
        });
      });
      return;
    case 'arm':
      awaitNext(order.timeoutMs);
      return;
    case 'stop':
      void stopClients(clients).then(() => process.exit(0));
      return;
  }
});
