import { describe, expect, it } from 'vitest';
import {
  AnnounceQueue,
  retryDelayMs,
  type QueueObserver,
} from '../../src/modules/ingest/announce-queue.ts';
import { createKeyedSerializer } from '../../src/modules/ingest/keyed-serializer.ts';

/** A promise the test resolves by hand: a listener blocks on it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Lets pending promise callbacks run (no time passes). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A scheduler that runs nothing by itself: the test fires the waits it recorded. */
function fakeScheduler() {
  const waits: { ms: number; fire: () => void }[] = [];
  return {
    waits,
    schedule: (fire: () => void, ms: number) => {
      waits.push({ ms, fire });
    },
    async fireNext() {
      const next = waits.shift();
      if (!next) throw new Error('nothing scheduled');
      next.fire();
      await settle();
    },
  };
}

function recordingObserver() {
  const failures: { listener: string; attempt: number; delayMs: number | null }[] = [];
  const finished: { listener: string; ageMs: number }[] = [];
  const observer: QueueObserver = {
    failed: (listener, _factoryId, attempt, _err, delayMs) =>
      failures.push({ listener, attempt, delayMs }),
    finished: (listener, ageMs) => finished.push({ listener, ageMs }),
  };
  return { observer, failures, finished };
}

describe('the announce queue', () => {
  it('is idle only once every announced batch is ready, even with no listener', async () => {
    const queue = new AnnounceQueue<string>();
    const rollups = gate();
    queue.announce(1, ['a'], rollups.opened);
    let idle = false;
    void queue.idle().then(() => (idle = true));
    await settle();
    expect(idle).toBe(false);
    rollups.open();
    await settle();
    expect(idle).toBe(true);
  });

  it('is idle only once a batch with nothing for its listeners is ready too (history left out)', async () => {
    const queue = new AnnounceQueue<string>();
    const ran: string[][] = [];
    queue.subscribe({ name: 'hub', run: (_f, items) => void ran.push([...items]), attempts: 1 });
    const rollups = gate();
    queue.announce(1, [], rollups.opened);
    let idle = false;
    void queue.idle().then(() => (idle = true));
    await settle();
    expect(idle).toBe(false);
    rollups.open();
    await settle();
    expect(idle).toBe(true);
    expect(ran).toEqual([]);
  });

  it('runs a batch only once it is ready (in the rollups), and keeps the factory’s order behind it', async () => {
    const queue = new AnnounceQueue<string>();
    const seen: string[] = [];
    queue.subscribe({
      name: 'alarms',
      run: (f, items) => void seen.push(`${f}:${items.join()}`),
      attempts: 1,
    });
    const rollups = gate();
    queue.announce(1, ['a'], rollups.opened);
    queue.announce(1, ['b']);
    queue.announce(2, ['c']);
    await settle();
    expect(seen).toEqual(['2:c']);
    rollups.open();
    await queue.idle();
    expect(seen).toEqual(['2:c', '1:a', '1:b']);
  });

  it('runs one factory’s batches in announce order, one at a time, while other factories go on', async () => {
    const queue = new AnnounceQueue<string>();
    const first = gate();
    const seen: string[] = [];
    queue.subscribe({
      name: 'alarms',
      attempts: 1,
      run: async (factoryId, items) => {
        seen.push(`${factoryId}:${items.join()}:start`);
        if (items[0] === 'a1') await first.opened;
        seen.push(`${factoryId}:${items.join()}:end`);
      },
    });
    queue.announce(1, ['a1']);
    queue.announce(1, ['a2']);
    queue.announce(2, ['b1']);
    await settle();
    // a2 waits behind the blocked a1; factory 2 is not held up.
    expect(seen).toEqual(['1:a1:start', '2:b1:start', '2:b1:end']);
    expect(queue.depth).toBe(2);

    first.open();
    await queue.idle();
    expect(seen.slice(3)).toEqual(['1:a1:end', '1:a2:start', '1:a2:end']);
    expect(queue.depth).toBe(0);
  });

  it('gives each listener its own lane: a blocked hub does not hold up alarms', async () => {
    const queue = new AnnounceQueue<number>();
    const hubGate = gate();
    const alarms: number[] = [];
    queue.subscribe({ name: 'hub', attempts: 1, run: () => hubGate.opened });
    queue.subscribe({
      name: 'alarms',
      attempts: 1,
      run: (_f, items) => void alarms.push(...items),
    });
    queue.announce(7, [1]);
    queue.announce(7, [2]);
    await settle();
    expect(alarms).toEqual([1, 2]);
    let idle = false;
    void queue.idle().then(() => (idle = true));
    await settle();
    expect(idle).toBe(false);
    hubGate.open();
    await queue.idle();
  });

  it('retries a failing listener with doubling, capped waits, then carries on with the next batch', async () => {
    const scheduler = fakeScheduler();
    const { observer, failures, finished } = recordingObserver();
    const queue = new AnnounceQueue<string>({
      schedule: scheduler.schedule,
      baseDelayMs: 100,
      maxDelayMs: 300,
      observer,
    });
    let failuresLeft = 3;
    const done: string[] = [];
    queue.subscribe({
      name: 'alarms',
      attempts: 5,
      run: async (_factoryId, items) => {
        if (items[0] === 'x' && failuresLeft-- > 0) throw new Error('database hiccup');
        done.push(items[0]!);
      },
    });
    queue.announce(1, ['x']);
    queue.announce(1, ['y']);
    await settle();
    expect(scheduler.waits.map((w) => w.ms)).toEqual([100]);
    await scheduler.fireNext();
    await scheduler.fireNext();
    expect(done).toEqual([]);
    await scheduler.fireNext();
    await queue.idle();
    expect(done).toEqual(['x', 'y']);
    expect(failures).toEqual([
      { listener: 'alarms', attempt: 1, delayMs: 100 },
      { listener: 'alarms', attempt: 2, delayMs: 200 },
      { listener: 'alarms', attempt: 3, delayMs: 300 },
    ]);
    expect(finished.map((f) => f.listener)).toEqual(['alarms', 'alarms']);
  });

  it('gives a batch up after its last attempt, says so, and goes on', async () => {
    const scheduler = fakeScheduler();
    const { observer, failures } = recordingObserver();
    const queue = new AnnounceQueue<string>({ schedule: scheduler.schedule, observer });
    const done: string[] = [];
    queue.subscribe({
      name: 'alarms',
      attempts: 2,
      run: (_factoryId, items) => {
        if (items[0] === 'bad') throw new Error('always fails');
        done.push(items[0]!);
      },
    });
    queue.announce(1, ['bad']);
    queue.announce(1, ['good']);
    await settle();
    await scheduler.fireNext();
    await queue.idle();
    expect(failures.map((f) => f.delayMs)).toEqual([250, null]);
    expect(done).toEqual(['good']);
  });

  it('reports its lag as the age of the oldest unfinished batch, on its own clock', async () => {
    let now = 1_000;
    const queue = new AnnounceQueue<string>({ now: () => now });
    const blocked = gate();
    queue.subscribe({ name: 'hub', attempts: 1, run: () => blocked.opened });
    expect(queue.lagMs()).toBe(0);
    queue.announce(1, ['a']);
    now = 1_500;
    queue.announce(2, ['b']);
    now = 4_000;
    expect(queue.lagMs()).toBe(3_000);
    blocked.open();
    await queue.idle();
    expect(queue.lagMs()).toBe(0);
  });

  it('ignores empty batches and is idle at once when nothing was announced', async () => {
    const queue = new AnnounceQueue<string>();
    let runs = 0;
    queue.subscribe({ name: 'hub', attempts: 1, run: () => void (runs += 1) });
    queue.announce(1, []);
    await queue.idle();
    expect(runs).toBe(0);
    expect(queue.depth).toBe(0);
  });
});

describe('retry waits', () => {
  it('double from the base and stop at the cap', () => {
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelayMs(n, 250, 30_000))).toEqual([
      250, 500, 1000, 2000, 30_000, 30_000,
    ]);
  });
});

describe('the keyed serializer', () => {
  it('runs tasks of one key in call order, and a failure does not stop the next', async () => {
    const serialise = createKeyedSerializer<number>();
    const log: string[] = [];
    const slow = gate();
    const a = serialise(1, async () => {
      await slow.opened;
      log.push('1a');
    });
    const b = serialise(1, async () => {
      log.push('1b');
      throw new Error('b failed');
    });
    const c = serialise(1, async () => void log.push('1c'));
    const other = serialise(2, async () => void log.push('2a'));
    await other;
    expect(log).toEqual(['2a']);
    slow.open();
    await a;
    await expect(b).rejects.toThrow('b failed');
    await c;
    expect(log).toEqual(['2a', '1a', '1b', '1c']);
  });
});
