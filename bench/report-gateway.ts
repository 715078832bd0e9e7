// `BENCH_PARTS=gateway npm run bench` (opt-in: about 4 minutes, most of it filling and draining
// the day's backlog): issue #25's gateway figures against its budgets.
import { benchGatewayDrain } from './gateway-drain.ts';
import { benchGatewayPolling } from './gateway.ts';
import { printTable } from './stats.ts';

const CPU_BUDGET_PERCENT = 5;
const RSS_BUDGET_MB = 80;
const DRAIN_GOAL_PER_SECOND = 5000;

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

export async function reportGateway() {
  const meters = Number(process.env.BENCH_GATEWAY_METERS ?? 100);
  const seconds = Number(process.env.BENCH_GATEWAY_SECONDS ?? 30);
  const minutes = Number(process.env.BENCH_GATEWAY_BACKLOG_MINUTES ?? 1440);
  const batchSize = process.env.BENCH_GATEWAY_BATCH
    ? Number(process.env.BENCH_GATEWAY_BATCH)
    : undefined;
  console.log(
    `\n## Gateway (issue #25): ${meters} Modbus TCP meters (one port each) polled every second ` +
      `for ${seconds} s by the gateway process, meters pulled from a real server ` +
      `(budgets: keeps up, < ${CPU_BUDGET_PERCENT} % of one core, < ${RSS_BUDGET_MB} MB RSS)`,
  );
  const p = await benchGatewayPolling(meters, seconds);
  printTable(
    [
      'polls expected',
      'polled',
      'polls/s',
      'stored',
      'missed',
      'CPU % of a core',
      'RSS MB',
      'peak RSS MB',
      'load 1/5/15',
      'verdict',
    ],
    [
      [
        String(p.expected),
        String(p.polled),
        (p.polled / p.seconds).toFixed(1),
        `${p.stored} (${p.storedDistinct} distinct)`,
        String(p.expected - p.storedDistinct),
        p.cpuPercent.toFixed(1),
        p.rssMb.toFixed(0),
        p.peakRssMb.toFixed(0),
        p.load,
        [
          `keeps up ${verdict(p.storedDistinct === p.expected && p.stored === p.expected)}`,
          `CPU ${verdict(p.cpuPercent < CPU_BUDGET_PERCENT)}`,
          `RSS ${verdict(p.peakRssMb < RSS_BUDGET_MB)}`,
        ].join(', '),
      ],
    ],
  );
  console.log(
    `\n## Gateway backlog drain (issue #25): ${meters} meters × ${minutes} minutes in the queue, ` +
      `then the gateway process sends it to a running server (goal: >= ${DRAIN_GOAL_PER_SECOND} readings/s)`,
  );
  const d = await benchGatewayDrain(meters, minutes, [], batchSize);
  printTable(
    [
      'readings',
      'stored',
      'distinct',
      's (from start)',
      's (from 1st batch)',
      'readings/s',
      'gateway CPU %',
      'peak RSS MB',
      'load 1/5/15',
      'verdict',
    ],
    [
      [
        String(d.readings),
        String(d.stored),
        String(d.storedDistinct),
        d.seconds.toFixed(1),
        d.secondsFromFirstBatch.toFixed(1),
        d.perSecond.toFixed(0),
        d.cpuPercent.toFixed(1),
        d.peakRssMb.toFixed(0),
        d.load,
        [
          `exactly once ${verdict(d.stored === d.readings && d.storedDistinct === d.readings)}`,
          `rate ${verdict(d.perSecond >= DRAIN_GOAL_PER_SECOND)}`,
        ].join(', '),
      ],
    ],
  );
  console.log(
    '(Measured beside the meters, the server and the bench on one machine: the load average ' +
      'says how busy it was; on a shared 2-core machine the CPU and rate figures are noisy.)',
  );
}
