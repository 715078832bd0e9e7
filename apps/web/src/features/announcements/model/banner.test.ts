// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  DISMISSED_ANNOUNCEMENT_KEY,
  formatPublishedDate,
  isBannerVisible,
  readDismissedId,
  rememberDismissed,
} from './banner';

describe('isBannerVisible', () => {
  const announcement = { id: 4, text: 'Planned maintenance' };

  it('shows an announcement nobody closed', () => {
    expect(isBannerVisible(announcement, null)).toBe(true);
  });

  it('hides the one that was closed, but not a newer one', () => {
    expect(isBannerVisible(announcement, '4')).toBe(false);
    expect(isBannerVisible({ id: 5, text: 'Tariff change' }, '4')).toBe(true);
  });

  it('hides when there is nothing to show', () => {
    expect(isBannerVisible(null, null)).toBe(false);
    expect(isBannerVisible(undefined, null)).toBe(false);
    expect(isBannerVisible({ id: 6, text: '  ' }, null)).toBe(false);
  });
});

describe('dismissed announcement storage', () => {
  it('remembers the closed id, replacing an earlier one', () => {
    expect(readDismissedId()).toBeNull();
    rememberDismissed(4);
    expect(readDismissedId()).toBe('4');
    rememberDismissed(7);
    expect(localStorage.getItem(DISMISSED_ANNOUNCEMENT_KEY)).toBe('7');
  });
});

describe('formatPublishedDate', () => {
  it("shows the day in the factory's zone", () => {
    expect(formatPublishedDate('2026-11-20T17:00:00Z', 'Asia/Taipei')).toBe('2026/11/21');
    expect(formatPublishedDate('2026-11-20T17:00:00Z', '+00:00')).toBe('2026/11/20');
  });

  it("uses this PC's zone without one, and shows an unreadable date as it came", () => {
    expect(formatPublishedDate(new Date(2026, 10, 20, 23, 30).toISOString(), null)).toBe(
      '2026/11/20',
    );
    expect(formatPublishedDate('next week', 'Asia/Taipei')).toBe('next week');
  });
});
