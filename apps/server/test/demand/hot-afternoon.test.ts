import { describe, expect, it } from 'vitest';
import { offCheck } from '../../src/modules/simulator/generator.ts';
import { simulateHistory } from '../../src/modules/simulator/history.ts';
import { demoModel, nodeNamed } from '../simulator/demo-model.ts';

const MIN = 60_000;
const model = demoModel();
const meters = model.nodes.filter((node) => node.children.length > 0);

/** Each day's highest 15-minute demand (kW) of the demo factory, Taipei days from `start`. */
function dailyPeaks(start: number, days: number, off = new Set<number>()): number[] {
  const times: number[] = [];
  for (let t = start; t <= start + days * 86_400_000; t += MIN) times.push(t);
  const history = simulateHistory(model, times, offCheck(off));
  const peaks = Array<number>(days).fill(0);
  for (let i = 0; i + 15 < times.length; i += 15) {
    const kwh = meters.reduce(
      (sum, m) => sum + history.forward[i + 15]![m.index]! - history.forward[i]![m.index]!,
      0,
    );
    const day = Math.floor((times[i]! - start) / 86_400_000);
    peaks[day] = Math.max(peaks[day]!, kwh / 0.25);
  }
  return peaks;
}

describe('the simulator gives demand management work on hot afternoons', () => {
  it('passes the demo contract capacity (800 kW) on some hot July working days, never in November', () => {
    const july = dailyPeaks(Date.UTC(2026, 6, 12, 16), 7); // Mon 13 Jul 00:00 Taipei
    expect(july.filter((kw) => kw > 800).length).toBeGreaterThanOrEqual(2);
    expect(july.filter((kw) => kw < 760).length).toBeGreaterThanOrEqual(2); // not every day
    const november = dailyPeaks(Date.UTC(2026, 10, 15, 16), 7);
    expect(Math.max(...november)).toBeLessThan(700);
  });

  it('switching the shed channels off brings the peak back under the 95 % target (760 kW)', () => {
    const start = Date.UTC(2026, 6, 12, 16);
    const shed = new Set(
      ['EV Charger', 'Office Air Conditioning', 'Workshop Lighting', 'Chiller'].map(
        (n) => nodeNamed(model, n).id,
      ),
    );
    const free = dailyPeaks(start, 3);
    const shedPeaks = dailyPeaks(start, 3, shed);
    for (let day = 0; day < 3; day += 1) {
      expect(free[day]! - shedPeaks[day]!).toBeGreaterThan(25);
    }
    expect(Math.max(...shedPeaks)).toBeLessThan(760);
  });
});
