import { describe, expect, it } from 'vitest';
import {
  completeBlockStart,
  DEMAND_GRACE_MS,
  MEMBER_RETIRED_MS,
  realTimeDemandBlock,
} from '../../src/modules/monitor/calc/real-time-demand.ts';

const at = (hhmmss: string) => Date.parse(`2026-11-22T${hhmmss}Z`);

describe('completeBlockStart', () => {
  it('a reading exactly at the block end completes the block', () => {
    expect(completeBlockStart(at('17:30:00'), at('17:30:00'))).toBe(at('17:15:00'));
  });

  it('until the closing reading is stored, the previous block is the complete one', () => {
    // 17:30:00 on the clock, newest reading 17:29: the 17:15 block lacks its last minute.
    expect(completeBlockStart(at('17:29:00'), at('17:30:00'))).toBe(at('17:00:00'));
  });

  it('a 5-minute gateway completes a block only with its :30 reading', () => {
    expect(completeBlockStart(at('17:25:00'), at('17:33:00'))).toBe(at('17:00:00'));
    expect(completeBlockStart(at('17:30:00'), at('17:33:00'))).toBe(at('17:15:00'));
  });

  it('a reading stamped ahead of the server clock does not complete an unfinished block', () => {
    expect(completeBlockStart(at('17:30:40'), at('17:29:50'))).toBe(at('17:00:00'));
  });

  it('a node that never reported has no complete block', () => {
    expect(completeBlockStart(null, at('17:30:00'))).toBeNull();
  });
});

describe('realTimeDemandBlock', () => {
  it('a measured node shows its newest complete block', () => {
    expect(realTimeDemandBlock([at('17:31:00')], at('17:31:20'))).toBe(at('17:15:00'));
  });

  it('a late closing reading: the previous block until it lands, then the new one', () => {
    // The :30 reading reaches the server at 17:37.
    expect(realTimeDemandBlock([at('17:29:00')], at('17:36:00'))).toBe(at('17:00:00'));
    expect(realTimeDemandBlock([at('17:30:00')], at('17:37:00'))).toBe(at('17:15:00'));
  });

  it('a silent meter keeps its last complete block through the grace, then shows null', () => {
    expect(DEMAND_GRACE_MS).toBe(15 * 60_000);
    // Last reading 17:22: the 17:00 block is complete, the 17:15 block never closes.
    const silent = [at('17:22:00')];
    expect(realTimeDemandBlock(silent, at('17:44:59'))).toBe(at('17:00:00'));
    // 17:30 + 15 minutes of grace: the 17:15 block is given up, as unknown (not its partial 0 or 30 %).
    expect(realTimeDemandBlock(silent, at('17:45:00'))).toBeNull();
    expect(realTimeDemandBlock(silent, at('19:00:00'))).toBeNull();
  });

  it('a gateway uploading each quarter hour a minute late keeps a figure', () => {
    // At 17:45:30 the readings up to 17:30 are stored; 17:45 comes at 17:46.
    expect(realTimeDemandBlock([at('17:30:00')], at('17:45:30'))).toBe(at('17:15:00'));
  });

  it('a virtual node is complete when every member is: the slowest member decides', () => {
    const members = [at('17:31:00'), at('17:29:00'), null];
    expect(realTimeDemandBlock(members, at('17:31:10'))).toBe(at('17:00:00'));
    expect(realTimeDemandBlock([at('17:31:00'), at('17:30:00')], at('17:31:10'))).toBe(
      at('17:15:00'),
    );
  });

  it('a silent member blanks a virtual node after the grace; a retired one is left out', () => {
    const now = at('18:10:00');
    expect(realTimeDemandBlock([at('18:09:00'), at('17:22:00')], now)).toBeNull();
    const retired = now - MEMBER_RETIRED_MS - 60_000;
    expect(realTimeDemandBlock([at('18:09:00'), retired], now)).toBe(at('17:45:00'));
  });

  it('no member with readings (a virtual node of unmeasured meters, or none at all): null', () => {
    expect(realTimeDemandBlock([], at('17:31:00'))).toBeNull();
    expect(realTimeDemandBlock([null, null], at('17:31:00'))).toBeNull();
  });
});
