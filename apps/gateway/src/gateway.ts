import type { TemplateDefinition } from '@wattboard/contract/meter-templates';
import type { GatewayConfig } from './config.ts';
import type { ModbusBus } from './modbus/bus.ts';
import { healthReport } from './health/report.ts';
import { MeterSet } from './meter-set.ts';
import type { MeterPoller } from './poller.ts';
import { ReadingQueue } from './queue/queue.ts';
import { Sender } from './queue/sender.ts';
import { ConfigFollower } from './remote/follower.ts';
import { ReadNowListener } from './remote/read-now.ts';

export interface Gateway {
  /** The running buses and pollers (they change when the server's configuration does). */
  readonly buses: Map<string, ModbusBus>;
  readonly pollers: MeterPoller[];
  meters: MeterSet;
  queue: ReadingQueue;
  sender: Sender;
  /** Null when the file lists its own meters (nothing is pulled). */
  follower: ConfigFollower | null;
  /** Answers Admin's "read now" (decision 0088); null with local meters, as the follower. */
  readNow: ReadNowListener | null;
  /** Starts sending, polling, and following the server's configuration. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Wires a configuration together: one queue and one sender for the gateway's life, and the meters
 * (buses and pollers), which the server's configuration changes in place. Local meters in the file
 * are applied at once and never pulled.
 */
export function createGateway(
  config: GatewayConfig,
  templates: ReadonlyMap<string, TemplateDefinition>,
  log: (message: string) => void = (m) => console.warn(m),
): Gateway {
  const queue = new ReadingQueue({ ...config.queue, warn: log });
  const meters = new MeterSet(templates, queue, log);
  const local = config.meters.length > 0;
  if (local) {
    const problems = meters.apply({ buses: config.buses, meters: config.meters });
    // A bad local meter is the file's fault: refuse to start, as before.
    const refused = problems.filter((line) => line.startsWith('!'));
    if (refused.length > 0) throw new Error(refused.join('; '));
  }
  const sender = new Sender(queue, {
    ...config.sender,
    serverUrl: config.serverUrl,
    gatewayKey: config.gatewayKey,
    log,
  });
  const follower = local
    ? null
    : new ConfigFollower({
        serverUrl: config.serverUrl,
        gatewayKey: config.gatewayKey,
        cacheFile: config.configCache,
        pullIntervalMs: config.pullIntervalMs,
        requestTimeoutMs: config.sender.requestTimeoutMs,
        busTiming: config.busTiming,
        apply: (layout) => meters.apply(layout, layout.templates),
        health: () => healthReport(meters),
        log,
      });
  const readNow = local
    ? null
    : new ReadNowListener({
        serverUrl: config.serverUrl,
        gatewayKey: config.gatewayKey,
        busTiming: config.busTiming,
        buses: () => meters.busMap,
        log,
      });
  return {
    get buses() {
      return meters.busMap;
    },
    get pollers() {
      return meters.meterPollers;
    },
    meters,
    queue,
    sender,
    follower,
    readNow,
    async start() {
      sender.start();
      meters.start();
      readNow?.start();
      await follower?.start();
    },
    async stop() {
      follower?.stop();
      await readNow?.stop();
      await meters.close();
      await sender.stop();
      queue.close();
    },
  };
}
