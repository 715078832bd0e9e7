import { describe, expect, it } from 'vitest';
import { alertTexts, badgeText, formatNotificationTime } from './notification-display';

const alert = {
  titleText: 'Voltage high',
  descText: 'Meter 1 at 241 V',
  title: '電壓過高',
  desc: '一號電表 241 V',
};

describe('alertTexts', () => {
  it('shows English titleText/descText in English and title/desc in Chinese', () => {
    expect(alertTexts(alert, 'en')).toEqual({ title: 'Voltage high', desc: 'Meter 1 at 241 V' });
    expect(alertTexts(alert, 'zh')).toEqual({ title: '電壓過高', desc: '一號電表 241 V' });
    expect(alertTexts(alert, 'zh-TW').title).toBe('電壓過高');
  });

  it('falls back to the other language when a text is blank', () => {
    expect(alertTexts({ ...alert, title: ' ', desc: '' }, 'zh')).toEqual({
      title: 'Voltage high',
      desc: 'Meter 1 at 241 V',
    });
    expect(alertTexts({ ...alert, titleText: '' }, 'en').title).toBe('電壓過高');
  });
});

describe('formatNotificationTime', () => {
  it('formats in the factory zone', () => {
    expect(formatNotificationTime('2026-05-04T23:30:00Z', 'Asia/Taipei')).toBe('2026/05/05 07:30');
    expect(formatNotificationTime('2026-05-04T23:30:00Z', '-04:00')).toBe('2026/05/04 19:30');
  });

  it("uses this PC's zone when the factory's is not known yet", () => {
    const local = new Date(2026, 0, 2, 3, 4);
    expect(formatNotificationTime(local.toISOString(), null)).toBe('2026/01/02 03:04');
  });

  it('shows an unparsable time as it came', () => {
    expect(formatNotificationTime('yesterday', 'Asia/Taipei')).toBe('yesterday');
  });
});

describe('badgeText', () => {
  it('hides at zero and caps at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
