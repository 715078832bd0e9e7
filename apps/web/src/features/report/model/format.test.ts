import { describe, expect, it } from 'vitest';
import { formatFactoryTime, formatReading, MISSING } from './format';

describe('report number formatting', () => {
  it('keeps a fixed number of decimals so a column lines up', () => {
    expect(formatReading(220, 'en', 1)).toBe('220.0');
    expect(formatReading(0.9512, 'en', 3)).toBe('0.951');
    expect(formatReading(-93.8, 'en', 2)).toBe('-93.80');
  });

  it('groups thousands in either language', () => {
    expect(formatReading(123456.789, 'en', 3)).toBe('123,456.789');
    expect(formatReading(123456.789, 'zh', 3)).toBe('123,456.789');
  });

  it('shows a dash for a phase the wiring lacks or a non-number', () => {
    expect(formatReading(null, 'en', 1)).toBe(MISSING);
    expect(formatReading(undefined, 'zh', 1)).toBe(MISSING);
    expect(formatReading(Number.NaN, 'en', 1)).toBe(MISSING);
    expect(formatReading(Number.POSITIVE_INFINITY, 'en', 1)).toBe(MISSING);
  });
});

describe('factory-local times', () => {
  it('shows a UTC instant in the factory zone', () => {
    expect(formatFactoryTime('2026-11-21T06:03:00Z', 'Asia/Taipei')).toBe('2026/11/21 14:03:00');
  });

  it('crosses midnight by the factory calendar, not the UTC one', () => {
    expect(formatFactoryTime('2026-11-20T16:30:00.000Z', 'Asia/Taipei')).toBe(
      '2026/11/21 00:30:00',
    );
  });

  it('follows daylight saving in a zone that has it', () => {
    expect(formatFactoryTime('2026-07-01T12:00:00Z', 'Europe/Berlin', 'HH:mm')).toBe('14:00');
    expect(formatFactoryTime('2026-12-01T12:00:00Z', 'Europe/Berlin', 'HH:mm')).toBe('13:00');
  });

  it('shows the wall time as written when the zone is not known yet', () => {
    expect(formatFactoryTime('2026-11-21T14:03:00+08:00', null)).toBe('2026/11/21 14:03:00');
  });

  it('leaves an unparsable text as it is', () => {
    expect(formatFactoryTime('not a time', 'Asia/Taipei')).toBe('not a time');
  });
});
