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

describe('the audit rule: median of five runs, stopping once three agree', () => {
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

  it('runs until three agree on every budgeted figure, at most five', () => {
    assert.equal(settled([run(90)], budget), false);
    assert.equal(settled([run(90), run(85)], budget), false);
    assert.equal(settled([run(90), run(85), run(88)], budget), true);
    assert.equal(settled([run(60), run(70), run(65)], budget), true);
    assert.equal(settled([run(90), run(60), run(85)], budget), false);
    assert.equal(settled([run(90), run(60), run(85), run(88)], budget), true);
    const cls = (...values: number[]) => values.map((value) => run(90, value));
    assert.equal(settled(cls(0.2, 0, 0), budget), false, 'CLS: two within, one over');
    assert.equal(settled(cls(0.2, 0, 0, 0), budget), true, 'CLS: three within');
    assert.equal(settled([run(90), run(60), run(85), run(61)], budget), false);
    assert.equal(settled([run(90), run(60), run(85), run(61), run(62)], budget), true);
  });

  it('fails a page when three of five are under, one or two slow runs aside', () => {
    const runs = [run(90), run(60), run(85), run(61), run(62)];
    assert.deepEqual(verdict(runs, budget).over, ['performance 62 < 80']);
    assert.deepEqual(verdict([run(90), run(76), run(85), run(78), run(88)], budget).over, []);
  });

  it('with two runs both passing, their median passes too', () => {
    assert.deepEqual(verdict([run(80, 0.05), run(100, 0)], budget).over, []);
  });

  it('refuses an empty set of runs', () => {
    assert.throws(() => medianFigures([]), /no runs/);
  });
});
