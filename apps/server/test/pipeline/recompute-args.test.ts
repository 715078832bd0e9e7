import { describe, expect, it } from 'vitest';
import {
  parseRecomputeArgs,
  recomputeRange,
} from '../../src/modules/rollups/cli/recompute-rollups-args.ts';

describe('rollups:recompute arguments', () => {
  it('reads the factory, an optional node and the range', () => {
    expect(
      parseRecomputeArgs([
        '--factory',
        'demo',
        '--node',
        '12',
        '--from',
        '2026-05-01',
        '--to',
        '2026-05-03',
      ]),
    ).toEqual({ factory: 'demo', nodeId: 12, from: '2026-05-01', to: '2026-05-03' });
    expect(parseRecomputeArgs(['--factory', '3', '--from', 'a', '--to', 'b']).nodeId).toBeNull();
  });

  it('names every missing or bad option', () => {
    expect(() => parseRecomputeArgs(['--node', 'x'])).toThrow(
      /--factory is required; --from is required; --to is required; --node must be a node id/,
    );
    expect(() => parseRecomputeArgs(['--factory', 'demo', '--bogus'])).toThrow();
  });

  it('takes days as factory-local midnights, the end day included', () => {
    expect(recomputeRange({ from: '2026-05-01', to: '2026-05-01' }, 'Asia/Taipei')).toEqual({
      from: new Date('2026-04-30T16:00:00Z'),
      to: new Date('2026-05-01T16:00:00Z'),
    });
  });

  it('gives a daylight-saving day its 23 hours', () => {
    const range = recomputeRange({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect(range.to.getTime() - range.from.getTime()).toBe(23 * 3_600_000);
  });

  it('takes date-times with an offset as instants, the end excluded', () => {
    expect(
      recomputeRange({ from: '2026-05-01T08:00+08:00', to: '2026-05-01T01:30:00Z' }, 'Asia/Taipei'),
    ).toEqual({ from: new Date('2026-05-01T00:00:00Z'), to: new Date('2026-05-01T01:30:00Z') });
  });

  it('refuses zoneless date-times, impossible dates and empty ranges', () => {
    expect(() => recomputeRange({ from: '2026-05-01T08:00', to: '2026-05-02' }, 'UTC')).toThrow(
      /offset/,
    );
    expect(() => recomputeRange({ from: '2026-02-30', to: '2026-03-02' }, 'UTC')).toThrow(
      /not a date/,
    );
    expect(() => recomputeRange({ from: '2026-05-03', to: '2026-05-01' }, 'UTC')).toThrow(/after/);
  });
});
