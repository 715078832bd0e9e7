import { wireReading } from '@wattboard/contract/ingest';
import type { MeterConfig } from './config.ts';
import type { ModbusBus } from './modbus/bus.ts';
import { planReads } from './modbus/plan.ts';
import { readMeter } from './modbus/read-meter.ts';
import { toWireReading, wiringPhaseCount } from './modbus/to-reading.ts';
import type { ReadingQueue } from './queue/queue.ts';
import {
  classifyFailure,
  newMeterHealth,
  recordError,
  recordGood,
  type MeterHealth,
} from './health/meter-health.ts';
import type { TemplateDefinition } from '@wattboard/contract/meter-templates';

/**
 * Polls one meter every `pollIntervalMs`, on the interval's grid (a 60 s meter reads at :00 of
 * every minute), and puts each good reading in the queue. A poll still running when the next is
 * due makes that one skip, so a slow bus never piles up requests.
 */
export class MeterPoller {
  readonly stats = { polls: 0, failures: 0, skipped: 0 };
  lastError: string | undefined;
  /** What the health report sends for this meter (health/meter-health.ts). */
  health: MeterHealth = newMeterHealth();
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private readonly blocks;
  private readonly meter: MeterConfig;
  private readonly template: TemplateDefinition;
  private readonly bus: ModbusBus;
  private readonly queue: ReadingQueue;
  private readonly log: (message: string) => void;

  constructor(
    meter: MeterConfig,
    template: TemplateDefinition,
    bus: ModbusBus,
    queue: ReadingQueue,
    log: (message: string) => void = (m) => console.warn(m),
  ) {
    this.meter = meter;
    this.template = template;
    this.bus = bus;
    this.queue = queue;
    this.log = log;
    if (wiringPhaseCount(meter.wiring) > template.phases) {
      throw new Error(
        `${meter.serial}: wiring ${meter.wiring} needs more phases than ${template.id} measures`,
      );
    }
    if (meter.wiring === 'ab,bc,ca') {
      // Our templates map line-to-neutral voltages; a delta node would get them as line-to-line.
      throw new Error(`${meter.serial}: delta wiring (ab,bc,ca) is not supported by templates yet`);
    }
    this.blocks = planReads(template.registers, template.maxRegistersPerRead, template.maxGap);
  }

  /** The bus this meter is on (its id in the configuration). */
  get busId(): string {
    return this.meter.bus;
  }

  /** The node serial this poller feeds. */
  get meterSerial(): string {
    return this.meter.serial;
  }

  start(): void {
    const interval = this.meter.pollIntervalMs;
    // Each poll is stamped with its slot on the grid, not the clock at the timer: a timer can fire
    // a millisecond before its slot (Date.now() and the timer clock round apart), which stamped
    // the poll with the previous second, a duplicate of the poll before it. The next slot is
    // always after this one, so an early timer never polls one slot twice.
    const next = (after: number) => {
      const now = Date.now();
      const due = Math.max(after + interval, now - (now % interval) + interval);
      this.timer = setTimeout(() => tick(due), due - now);
    };
    const tick = (due: number) => {
      next(due);
      if (this.busy) {
        this.stats.skipped++;
        return;
      }
      void this.pollOnce(new Date(due));
    };
    next(-Infinity);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  /** One poll at `at`: read, decode, check with the server's own reading rules, queue. */
  async pollOnce(at: Date): Promise<boolean> {
    this.busy = true;
    try {
      const read = await readMeter(this.bus, this.meter.unitId, this.template, this.blocks);
      for (const p of read.problems) this.log(`${this.meter.serial}: ${p.quantity}: ${p.message}`);
      // Whole seconds: the time of the poll, not of the answer, so readings keep their grid.
      const ts = new Date(Math.floor(at.getTime() / 1000) * 1000);
      const reading = toWireReading(this.meter.serial, this.meter.wiring, ts, read.values);
      const checked = wireReading.safeParse(reading);
      if (!checked.success) {
        throw new Error(
          checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      }
      this.queue.push([JSON.stringify(reading)]);
      this.stats.polls++;
      this.lastError = undefined;
      this.health = recordGood(this.health, new Date());
      return true;
    } catch (error) {
      this.stats.failures++;
      const message = (error as Error).message;
      const failure = classifyFailure(error);
      this.health = recordError(
        this.health,
        { kind: failure?.kind ?? null, code: failure?.code, message },
        new Date(),
      );
      // Log a meter's error when it changes, not on every poll of a meter that stays silent.
      if (message !== this.lastError) this.log(`${this.meter.serial}: poll failed: ${message}`);
      this.lastError = message;
      return false;
    } finally {
      this.busy = false;
    }
  }
}
