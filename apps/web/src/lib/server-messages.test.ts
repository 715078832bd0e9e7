import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { knownRefusal } from './server-messages';

describe('knownRefusal', () => {
  it('recognises the range limit whichever field the call names', () => {
    for (const message of [
      'timeRange: a range covers at most 366 days.',
      'segmentInfo.dateRange: a range covers at most 366 days.',
      'dtEnd: a range covers at most 400 days.',
    ]) {
      expect(knownRefusal(message)?.key).toBe('states.rangeTooLong');
    }
    expect(knownRefusal('dtEnd: a range covers at most 400 days.')?.values).toEqual({ days: 400 });
  });

  it('leaves other messages to be shown as they came', () => {
    expect(knownRefusal('resolution 1 is not available')).toBeNull();
  });

  it('has a text in both languages', async () => {
    const refusal = knownRefusal('timeRange: a range covers at most 366 days.')!;
    await i18n.changeLanguage('zh');
    expect(i18n.t(refusal.key, refusal.values)).toContain('366 天');
    await i18n.changeLanguage('en');
    expect(i18n.t(refusal.key, refusal.values)).toContain('366 days');
  });
});
