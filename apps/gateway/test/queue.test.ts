import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadingQueue } from '../src/queue/queue.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wb-gateway-'));
  dirs.push(dir);
  return join(dir, 'queue.sqlite');
};

describe('ReadingQueue', () => {
  it('keeps rows in order across a restart and removes exactly the given ones', () => {
    const file = tempFile();
    const q = new ReadingQueue({ file, maxRows: 100 });
    q.push(['a', 'b', 'c', 'd']);
    const [first, second] = q.peek(2);
    q.remove([first!.id, second!.id]);
    q.close();
    const reopened = new ReadingQueue({ file, maxRows: 100 });
    expect(reopened.size()).toBe(2);
    expect(reopened.peek(10).map((r) => r.body)).toEqual(['c', 'd']);
    reopened.push(['e']);
    expect(reopened.peek(10).map((r) => r.body)).toEqual(['c', 'd', 'e']);
    reopened.close();
  });

  it('warns once at 90 %, drops the oldest at 100 % and counts them', () => {
    const warnings: string[] = [];
    const q = new ReadingQueue({ file: ':memory:', maxRows: 10, warn: (m) => warnings.push(m) });
    q.push(Array.from({ length: 8 }, (_, i) => `r${i}`));
    expect(warnings).toEqual([]);
    q.push(['r8']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/90 % full \(9 of 10/);
    q.push(['r9']);
    expect(warnings).toHaveLength(1); // no repeat while it stays high
    q.push(['r10', 'r11', 'r12']);
    expect(q.size()).toBe(10);
    expect(q.dropped).toBe(3);
    expect(q.peek(1)[0]!.body).toBe('r3');
    expect(warnings.at(-1)).toMatch(/3 oldest readings dropped/);
    q.close();
  });

  it('refuses a bound that is not a positive whole number', () => {
    expect(() => new ReadingQueue({ file: ':memory:', maxRows: 0 })).toThrow(/maxRows/);
  });
});
