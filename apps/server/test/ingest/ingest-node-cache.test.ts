import { describe, expect, it } from 'vitest';
import type { IngestNode } from '../../src/modules/ingest/check-reading.ts';
import { IngestNodeCache, NODE_CACHE_TTL_MS } from '../../src/modules/ingest/ingest-node-cache.ts';

const node = (id: number, serial: string): IngestNode => ({
  id,
  serial,
  type: 'smartMeter',
  wiring: 'a,b,c',
  meterSerial: serial,
});

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the ingest node cache', () => {
  it('answers found nodes from memory and asks again for every other serial', () => {
    const cache = new IngestNodeCache();
    expect(cache.lookup(1, ['M1', 'M2'])).toEqual({ found: new Map(), missing: ['M1', 'M2'] });
    cache.remember(1, [node(10, 'M1')]); // M2 was not found: not remembered
    const { found, missing } = cache.lookup(1, ['M1', 'M2', 'M1']);
    expect([...found.keys()]).toEqual(['M1']);
    expect(found.get('M1')?.id).toBe(10);
    // A meter added since is asked for, so it is accepted at once.
    expect(missing).toEqual(['M2']);
  });

  it('keeps factories apart: one factory’s serial is unknown to another', () => {
    const cache = new IngestNodeCache();
    cache.remember(1, [node(10, 'M1')]);
    expect(cache.lookup(2, ['M1'])).toEqual({ found: new Map(), missing: ['M1'] });
  });

  it('forgets a factory, or all, on invalidate', () => {
    const cache = new IngestNodeCache();
    cache.remember(1, [node(10, 'M1')]);
    cache.remember(2, [node(20, 'M1')]);
    cache.invalidate(1);
    expect(cache.lookup(1, ['M1']).missing).toEqual(['M1']);
    expect(cache.lookup(2, ['M1']).found.get('M1')?.id).toBe(20);
    cache.invalidate();
    expect(cache.lookup(2, ['M1']).missing).toEqual(['M1']);
  });

  it('asks again once an entry is older than the TTL (another instance may have changed it)', () => {
    const time = clock();
    const cache = new IngestNodeCache({ now: time.now });
    cache.remember(1, [node(10, 'M1')]);
    time.advance(NODE_CACHE_TTL_MS - 1);
    expect(cache.lookup(1, ['M1']).missing).toEqual([]);
    time.advance(1);
    expect(cache.lookup(1, ['M1']).missing).toEqual(['M1']);
  });
});
