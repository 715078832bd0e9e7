// The soak's one table, computed from what was recorded (pure, so it is easy to check).
import { percentile } from '../stats.ts';

export interface FaultRecord {
  name: string;
  startedAt: number;
  /** When the broken part was back (process restarted, service started). */
  repairedAt: number;
  /** When an alert raised after the repair had reached every client. */
  recoveredAt: number | null;
  windowMs: number;
}

export interface SoakFigures {
  readingsAcknowledged: number;
  readingsStored: number;
  alertsRaised: number;
  /** (client, alert) pairs where a client that was connected never had the alert. */
  alertsMissed: number;
  clients: number;
  mailsQueued: number;
  mailsDelivered: number;
  mailsDuplicated: number;
  commands: number;
  flips: number;
  leaderChanges: number;
  /** Commands for one channel closer than the scheduler's 55 s guard: two leaders at once. */
  doubleSwitches: number;
  /** Alert latency samples: [published at, ms until a client had it]. */
  latencies: [number, number][];
  faults: FaultRecord[];
  seconds: number;
}

const p99 = (samples: readonly [number, number][], from: number, to: number) => {
  const inside = samples.filter(([at]) => at >= from && at < to).map(([, ms]) => ms);
  return inside.length === 0 ? '—' : `${Math.round(percentile(inside, 99))} ms (${inside.length})`;
};

/** Per channel, commands (distinct ids) less than `guardMs` apart. */
export function doubleSwitches(
  commands: readonly { channelId: number; commandId: number; at: number }[],
  guardMs = 50_000,
): number {
  const byChannel = new Map<number, { commandId: number; at: number }[]>();
  for (const c of commands) {
    const list = byChannel.get(c.channelId) ?? [];
    if (!list.some((x) => x.commandId === c.commandId)) list.push(c);
    byChannel.set(c.channelId, list);
  }
  let doubles = 0;
  for (const list of byChannel.values()) {
    list.sort((a, b) => a.at - b.at);
    for (let i = 1; i < list.length; i += 1)
      if (list[i]!.at - list[i - 1]!.at < guardMs) doubles += 1;
  }
  return doubles;
}

export function failures(f: SoakFigures): string[] {
  const failed: string[] = [];
  if (f.readingsStored < f.readingsAcknowledged) failed.push('readings lost');
  if (f.alertsMissed > 0) failed.push('alerts missed');
  if (f.mailsDelivered < f.mailsQueued) failed.push('mails lost');
  if (f.mailsDuplicated > 0) failed.push('mails duplicated');
  if (f.doubleSwitches > 0) failed.push('double switching');
  if (f.faults.some((fault) => fault.recoveredAt === null)) failed.push('a fault never recovered');
  return failed;
}

export function formatTable(f: SoakFigures): string {
  const rows: [string, string, string][] = [
    [
      'readings acknowledged / stored',
      `${f.readingsAcknowledged} / ${f.readingsStored}`,
      `${f.readingsAcknowledged - f.readingsStored} lost`,
    ],
    [
      `alerts raised / missed (× ${f.clients} clients)`,
      `${f.alertsRaised} / ${f.alertsMissed}`,
      `${f.alertsMissed} missed`,
    ],
    [
      'mails queued / delivered',
      `${f.mailsQueued} / ${f.mailsDelivered}`,
      `${Math.max(0, f.mailsQueued - f.mailsDelivered)} lost, ${f.mailsDuplicated} duplicated`,
    ],
    [
      'scheduler commands / hand switches',
      `${f.commands} / ${f.flips}`,
      `${f.leaderChanges} leader changes, ${f.doubleSwitches} double switches`,
    ],
  ];
  for (const fault of f.faults) {
    const end = fault.recoveredAt ?? fault.repairedAt;
    rows.push([
      `${fault.name}: p99 before / during / after`,
      [
        p99(f.latencies, fault.startedAt - fault.windowMs, fault.startedAt),
        p99(f.latencies, fault.startedAt, end),
        p99(f.latencies, end, end + fault.windowMs),
      ].join(' / '),
      fault.recoveredAt === null
        ? 'never recovered'
        : `outage ${((fault.repairedAt - fault.startedAt) / 1000).toFixed(1)} s, recovered ${((fault.recoveredAt - fault.repairedAt) / 1000).toFixed(1)} s after`,
    ]);
  }
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(['measure', 'figure', 'verdict']),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
    `(${f.seconds} s; latency: breach published → the client had the alert, p99 (samples))`,
  ].join('\n');
}
