import type { GatewayConfig } from './config.ts';
import { ModbusTcpBus } from './modbus/bus.ts';
import { MeterPoller } from './poller.ts';
import { ReadingQueue } from './queue/queue.ts';
import { Sender } from './queue/sender.ts';
import type { MeterTemplate } from '@wattboard/contract/meter-templates';

export interface Gateway {
  buses: Map<string, ModbusTcpBus>;
  pollers: MeterPoller[];
  queue: ReadingQueue;
  sender: Sender;
  stop(): Promise<void>;
}

/** Wires a configuration together: one bus per endpoint, one poller per meter, one sender. */
export function createGateway(
  config: GatewayConfig,
  templates: ReadonlyMap<string, MeterTemplate>,
  log: (message: string) => void = (m) => console.warn(m),
): Gateway {
  const buses = new Map(config.buses.map((b) => [b.id, new ModbusTcpBus(b)]));
  const queue = new ReadingQueue({ ...config.queue, warn: log });
  const pollers = config.meters.map((m) => {
    const template = templates.get(m.template);
    if (!template) throw new Error(`${m.serial}: no template "${m.template}"`);
    return new MeterPoller(m, template, buses.get(m.bus)!, queue, log);
  });
  const sender = new Sender(queue, {
    ...config.sender,
    serverUrl: config.serverUrl,
    gatewayKey: config.gatewayKey,
    log,
  });
  return {
    buses,
    pollers,
    queue,
    sender,
    async stop() {
      for (const p of pollers) p.stop();
      await sender.stop();
      await Promise.all([...buses.values()].map((b) => b.close()));
      queue.close();
    },
  };
}
