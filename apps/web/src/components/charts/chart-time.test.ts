import { describe, expect, it } from 'vitest';
import { chartTimeLabel, chartTimeTitle } from './chart-time';

describe('chart time labels', () => {
  it('shows an instant in the factory zone, whatever the browser zone', () => {
    expect(chartTimeLabel('2026-11-21T06:15:00Z', 'Asia/Taipei', false)).toBe('14:15');
    expect(chartTimeLabel('2026-11-21T06:15:00Z', 'Asia/Taipei', true)).toBe('11/21 14:15');
    expect(chartTimeTitle('2026-11-20T16:00:00Z', 'Asia/Taipei')).toBe('2026/11/21 00:00');
  });

  it('follows daylight saving in a zone that has it', () => {
    // Europe/Berlin moves from +01:00 to +02:00 at 01:00 UTC on 2026-03-29.
    expect(chartTimeLabel('2026-03-29T00:30:00Z', 'Europe/Berlin', false)).toBe('01:30');
    expect(chartTimeLabel('2026-03-29T01:30:00Z', 'Europe/Berlin', false)).toBe('03:30');
  });

  it('takes a time without an offset as factory-local, as written', () => {
    expect(chartTimeLabel('2026-11-21T14:45:00', 'Asia/Taipei', false)).toBe('14:45');
    expect(chartTimeTitle('2026-11-21T14:45', null)).toBe('2026/11/21 14:45');
  });

  it('leaves an unreadable time as it is', () => {
    expect(chartTimeLabel('soon', 'Asia/Taipei', false)).toBe('soon');
  });
});
