import { describe, expect, it } from 'vitest';
import { alertTextsFor, formatNotificationTime } from './notification-display';

const alert = {
  titleText: 'Voltage high',
  descText: 'Meter 1 voltage 245 V above 240 V',
  title: '電壓過高',
  desc: '一號電表電壓 245 V 高於 240 V',
};

describe('alertTextsFor', () => {
  it('shows English texts in English and Chinese texts in Chinese', () => {
    expect(alertTextsFor(alert, 'en')).toEqual({
      title: 'Voltage high',
      description: 'Meter 1 voltage 245 V above 240 V',
    });
    expect(alertTextsFor(alert, 'zh')).toEqual({
      title: '電壓過高',
      description: '一號電表電壓 245 V 高於 240 V',
    });
    expect(alertTextsFor(alert, 'zh-TW').title).toBe('電壓過高');
  });

  it('falls back to the other language when a text is empty', () => {
    expect(alertTextsFor({ ...alert, title: ' ', desc: '' }, 'zh')).toEqual({
      title: 'Voltage high',
      description: 'Meter 1 voltage 245 V above 240 V',
    });
    expect(alertTextsFor({ ...alert, titleText: '' }, 'en').title).toBe('電壓過高');
  });
});

describe('formatNotificationTime', () => {
  it("formats in the factory's zone", () => {
    expect(formatNotificationTime('2026-11-21T06:03:05Z', 'Asia/Taipei')).toBe(
      '2026/11/21 14:03:05',
    );
    expect(formatNotificationTime(new Date('2026-11-21T23:59:59Z'), '+08:00')).toBe(
      '2026/11/22 07:59:59',
    );
  });

  it("uses this PC's zone without one, and shows an unreadable time as it came", () => {
    expect(formatNotificationTime(new Date(2026, 0, 2, 3, 4, 5), null)).toBe('2026/01/02 03:04:05');
    expect(formatNotificationTime('soon', 'Asia/Taipei')).toBe('soon');
  });
});
