import { describe, expect, it } from 'vitest';
import { doubleSwitches, failures, formatTable, type SoakFigures } from './report.ts';

const clean: SoakFigures = {
  readingsAcknowledged: 10,
  readingsStored: 10,
  alertsRaised: 3,
  alertsMissed: 0,
  clients: 300,
  mailsQueued: 3,
  mailsDelivered: 3,
  mailsDuplicated: 0,
  commands: 2,
  flips: 2,
  leaderChanges: 1,
  doubleSwitches: 0,
  latencies: [
    [1000, 50],
    [2000, 70],
    [9000, 900],
  ],
  faults: [{ name: 'x', startedAt: 5000, repairedAt: 8000, recoveredAt: 8500, windowMs: 4000 }],
  seconds: 12,
};

describe('doubleSwitches', () => {
  it('counts distinct commands for one channel closer than the guard, not redeliveries', () => {
    const at = (channelId: number, commandId: number, s: number) => ({
      channelId,
      commandId,
      at: s * 1000,
    });
    expect(doubleSwitches([])).toBe(0);
    expect(doubleSwitches([at(1, 1, 0), at(1, 1, 1), at(1, 2, 60)])).toBe(0);
    expect(doubleSwitches([at(1, 1, 0), at(2, 2, 1)])).toBe(0);
    expect(doubleSwitches([at(1, 2, 10), at(1, 1, 0)])).toBe(1);
  });
});

describe('failures', () => {
  it('passes only when nothing was lost, missed, duplicated or switched twice, and every fault recovered', () => {
    expect(failures(clean)).toEqual([]);
    expect(failures({ ...clean, readingsStored: 9 })).toEqual(['readings lost']);
    expect(failures({ ...clean, alertsMissed: 1 })).toEqual(['alerts missed']);
    expect(failures({ ...clean, mailsDelivered: 2 })).toEqual(['mails lost']);
    expect(failures({ ...clean, mailsDuplicated: 1 })).toEqual(['mails duplicated']);
    expect(failures({ ...clean, doubleSwitches: 1 })).toEqual(['double switching']);
    const stuck = { ...clean.faults[0]!, recoveredAt: null };
    expect(failures({ ...clean, faults: [stuck] })).toEqual(['a fault never recovered']);
  });
});

describe('formatTable', () => {
  it('puts each latency sample in the window of its publication', () => {
    const table = formatTable(clean);
    // before = [1000, 5000): 50 and 70; during = [5000, 8500): none; after = [8500, 12500): 900.
    expect(table).toMatch(/x: p99 before \/ during \/ after +\| 70 ms \(2\) \/ — \/ 900 ms \(1\)/);
    expect(table).toContain('outage 3.0 s, recovered 0.5 s after');
  });
});
