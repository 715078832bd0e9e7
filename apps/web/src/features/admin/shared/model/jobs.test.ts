import type { AdminJob } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { jobPercent, jobToShow } from './jobs';

const job = (overrides: Partial<AdminJob>): AdminJob => ({
  id: 1,
  kind: 'time-zone',
  state: 'running',
  done: 0,
  total: 90,
  detail: {},
  error: null,
  startedAt: '2026-11-21T01:00:00Z',
  finishedAt: null,
  ...overrides,
});

describe('recompute jobs', () => {
  it('gives whole percents, bounded, and 100 when done', () => {
    expect(jobPercent(job({ done: 0 }))).toBe(0);
    expect(jobPercent(job({ done: 45 }))).toBe(50);
    expect(jobPercent(job({ done: 89 }))).toBe(98);
    expect(jobPercent(job({ done: 120 }))).toBe(100);
    expect(jobPercent(job({ done: 3, total: 0 }))).toBe(0);
    expect(jobPercent(job({ state: 'done', done: 10 }))).toBe(100);
    expect(jobPercent(job({ state: 'failed', total: 0 }))).toBe(100);
  });

  it('shows the running job, else the newest one finished since the change', () => {
    const since = Date.parse('2026-11-21T02:00:00Z');
    const old = job({ id: 1, state: 'done', finishedAt: '2026-11-21T01:30:00Z' });
    const fresh = job({
      id: 2,
      state: 'failed',
      error: 'interrupted',
      finishedAt: '2026-11-21T02:05:00Z',
    });
    const running = job({ id: 3, kind: 'virtual-members' });
    expect(jobToShow([running, fresh, old], since)).toBe(running);
    expect(jobToShow([fresh, old], since)).toBe(fresh);
    expect(jobToShow([old], since)).toBeNull();
    expect(jobToShow([], since)).toBeNull();
    expect(jobToShow([running, fresh], since, ['time-zone'])).toBe(fresh);
  });

  it('shows only the kinds a section asks for, the running one first', () => {
    const since = Date.parse('2026-11-21T02:00:00Z');
    const zone = job({ id: 4, kind: 'time-zone' });
    const sums = job({
      id: 3,
      kind: 'virtual-members',
      state: 'done',
      finishedAt: '2026-11-21T02:01:00Z',
    });
    const point = job({ id: 5, kind: 'recompute' });
    const points = ['virtual-members', 'recompute'] as const;
    expect(jobToShow([zone, sums], since, points)).toBe(sums);
    expect(jobToShow([point, zone, sums], since, points)).toBe(point);
    expect(jobToShow([zone], since, points)).toBeNull();
    expect(jobToShow([zone, point], since, [])).toBeNull();
  });
});
