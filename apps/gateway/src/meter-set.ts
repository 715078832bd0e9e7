import type { TemplateDefinition } from '@wattboard/contract/meter-templates';
import type { BusConfig, MeterConfig } from './config.ts';
import { ModbusBus } from './modbus/bus.ts';
import { MeterPoller } from './poller.ts';
import type { ReadingQueue } from './queue/queue.ts';
import { planChange, type MeterLayout } from './remote/plan-change.ts';

/**
 * The running buses and pollers, changed in place when the configuration changes (planChange):
 * only what changed stops or starts. The queue is shared and never touched here, so a change
 * loses no queued reading; a poll already under way when its meter stops still queues its reading.
 */
export class MeterSet {
  private readonly buses = new Map<string, { config: BusConfig; bus: ModbusBus }>();
  private readonly pollers = new Map<string, { config: MeterConfig; poller: MeterPoller }>();
  private readonly closing = new Set<Promise<void>>();
  private started = false;
  private readonly templates: ReadonlyMap<string, TemplateDefinition>;
  /** Templates the server sent (Admin-defined, decision 0088), by the key the meters name. */
  private served: ReadonlyMap<string, TemplateDefinition> = new Map();
  private readonly queue: ReadingQueue;
  private readonly log: (message: string) => void;

  constructor(
    templates: ReadonlyMap<string, TemplateDefinition>,
    queue: ReadingQueue,
    log: (message: string) => void,
  ) {
    this.templates = templates;
    this.queue = queue;
    this.log = log;
  }

  /**
   * Applies a layout; answers the change lines (empty when nothing changed). `served` are the
   * templates the server sent with it; a meter names one by a key that changes with its
   * definition (to-local.ts), so a changed template restarts its meters.
   */
  apply(next: MeterLayout, served?: ReadonlyMap<string, TemplateDefinition>): string[] {
    if (served) this.served = served;
    const running: MeterLayout = {
      buses: [...this.buses.values()].map((b) => b.config),
      meters: [...this.pollers.values()].map((p) => p.config),
    };
    const plan = planChange(running, next);
    for (const serial of plan.stopMeters) {
      this.pollers.get(serial)?.poller.stop();
      this.pollers.delete(serial);
    }
    for (const id of plan.closeBuses) {
      const closing = this.buses.get(id)!.bus.close();
      this.closing.add(closing);
      void closing.finally(() => this.closing.delete(closing));
      this.buses.delete(id);
    }
    for (const config of plan.openBuses) {
      this.buses.set(config.id, { config, bus: new ModbusBus(config) });
    }
    const changes = [...plan.changes];
    for (const config of plan.startMeters) {
      const template = this.served.get(config.template) ?? this.templates.get(config.template);
      const bus = this.buses.get(config.bus)?.bus;
      try {
        if (!template) throw new Error(`no template "${config.template}" in this gateway`);
        if (!bus) throw new Error(`no bus "${config.bus}"`);
        const poller = new MeterPoller(config, template, bus, this.queue, this.log);
        this.pollers.set(config.serial, { config, poller });
        if (this.started) poller.start();
      } catch (error) {
        // One bad meter must not stop the others; it is retried with the next change.
        changes.push(`! ${config.serial}: not polled: ${(error as Error).message}`);
      }
    }
    return changes;
  }

  start(): void {
    this.started = true;
    for (const { poller } of this.pollers.values()) poller.start();
  }

  get meterPollers(): MeterPoller[] {
    return [...this.pollers.values()].map((p) => p.poller);
  }

  get busMap(): Map<string, ModbusBus> {
    return new Map([...this.buses].map(([id, b]) => [id, b.bus]));
  }

  async close(): Promise<void> {
    this.started = false;
    for (const { poller } of this.pollers.values()) poller.stop();
    await Promise.all([...this.buses.values()].map((b) => b.bus.close()));
    await Promise.all(this.closing);
    this.pollers.clear();
    this.buses.clear();
  }
}
