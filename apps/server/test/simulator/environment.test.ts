import { describe, expect, it } from 'vitest';
import { productionLevel } from '../../src/modules/simulator/schedules.ts';
import { HOUR_MS, localClock } from '@wattboard/zone-time';
import { inAnomalyWindow, simEnvironment } from '../../src/modules/simulator/environment.ts';

describe('shifts on the factory-local clock', () => {
  it('starts the 06:00 shift at local 06:00 on both sides of a daylight-saving change', () => {
    const zone = 'America/New_York';
    // Summer (EDT, UTC−4): 10:30Z is 06:30 local; winter (EST, UTC−5): 10:30Z is 05:30 local.
    const summer = localClock(Date.parse('2026-07-15T10:30:00Z'), zone);
    const winter = localClock(Date.parse('2026-01-14T10:30:00Z'), zone);
    expect(summer.hour).toBeCloseTo(6.5, 5);
    expect(winter.hour).toBeCloseTo(5.5, 5);
    expect(productionLevel(summer)).toBeGreaterThan(0);
    expect(productionLevel(winter)).toBe(0);
    // The spring-forward Monday (2026-03-09 after the 8th's change) works at local 07:00.
    expect(productionLevel(localClock(Date.parse('2026-03-09T11:00:00Z'), zone))).toBe(1);
  });
});

describe('occasional anomalies', () => {
  it('happen rarely, in short windows', () => {
    const key = 12345;
    let hoursWithEvent = 0;
    let minutesInEvents = 0;
    let longest = 0;
    const hours = 30_000;
    for (let hour = 0; hour < hours; hour += 1) {
      let minutes = 0;
      for (let minute = 0; minute < 60; minute += 1) {
        if (inAnomalyWindow(key, hour * HOUR_MS + minute * 60_000 + 30_000, 1 / 300, 20, 3)) {
          minutes += 1;
        }
      }
      if (minutes > 0) hoursWithEvent += 1;
      longest = Math.max(longest, minutes);
      minutesInEvents += minutes;
    }
    expect(longest).toBeLessThanOrEqual(3);
    expect(hoursWithEvent).toBeGreaterThan(hours / 300 / 2);
    expect(hoursWithEvent).toBeLessThan((hours / 300) * 2);
    expect(minutesInEvents / (hours * 60)).toBeLessThan(0.001);
  });

  it('sag the supply voltage for a minute or so, and only in minute data', () => {
    const start = Date.parse('2026-05-01T00:00:00Z');
    const sagMinutes: number[] = [];
    for (let minute = 0; minute < 60 * 24 * 60 && sagMinutes.length < 1; minute += 1) {
      const end = start + minute * 60_000;
      if (simEnvironment(end, 60_000, 'Asia/Taipei', 1).voltageFactor < 0.9) sagMinutes.push(end);
    }
    expect(sagMinutes).toHaveLength(1);
    const end = sagMinutes[0]!;
    expect(simEnvironment(end, 60_000, 'Asia/Taipei', 1).voltageFactor).toBeGreaterThan(0.82);
    // The same instant summarised over 15 minutes (history) shows no sag.
    expect(simEnvironment(end, 15 * 60_000, 'Asia/Taipei', 1).voltageFactor).toBeGreaterThan(0.95);
  });
});
