// node --test scripts/audit-web-rule.test.ts
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { medianFigures, settled, verdict, type Figures } from './audit-web-rule.ts';

const budget = { minScore: 80, maxCls: 0.05 };
const run = (score: number, cls = 0, tbtMs = 100): Figures => ({
  score,
  cls,
  lcpMs: 1000,
  tbtMs,
  jsKb: 100,
});

describe('the audit rule: median of three runs', () => {
  it('takes each figure’s own median', () => {
    const figures = medianFigures([run(90, 0.2, 300), run(50, 0, 100), run(85, 0.01, 900)]);
    assert.deepEqual(figures, { score: 85, cls: 0.01, lcpMs: 1000, tbtMs: 300, jsKb: 100 });
  });

  it('of two runs, the mean of both', () => {
    assert.equal(medianFigures([run(90), run(81)]).score, 85.5);
  });

  it('passes a page with one slow run among three', () => {
    const runs = [run(92), run(55), run(88)];
    assert.deepEqual(verdict(runs, budget).over, []);
  });

  it('fails a page when two of three are under, naming the median', () => {
    assert.deepEqual(verdict([run(92), run(70), run(75)], budget).over, ['performance 75 < 80']);
  });

  it('fails on the median CLS even when every score passes', () => {
    const { over } = verdict([run(99, 0.06), run(99, 0.01), run(99, 0.3)], budget);
    assert.deepEqual(over, ['CLS 0.060 > 0.05']);
  });

  it('needs a third run only when the first two disagree', () => {
    assert.equal(settled([run(90)], budget), false);
    assert.equal(settled([run(90), run(85)], budget), true);
    assert.equal(settled([run(60), run(70)], budget), true);
    assert.equal(settled([run(90), run(60)], budget), false);
    assert.equal(settled([run(90, 0.2), run(90, 0)], budget), false, 'CLS disagrees');
    assert.equal(settled([run(90), run(60), run(61)], budget), true);
  });

  it('with two runs both passing, their median passes too', () => {
    assert.deepEqual(verdict([run(80, 0.05), run(100, 0)], budget).over, []);
  });

  it('refuses an empty set of runs', () => {
    assert.throws(() => medianFigures([]), /no runs/);
  });
});
