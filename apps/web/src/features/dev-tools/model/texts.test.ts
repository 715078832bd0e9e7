import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import zhTW from '@/locales/zh-TW.json';

// The locale files' own test checks both languages have every key; this one pins the fixed texts.
describe('developer test screen texts', () => {
  it('keep the fixed texts exactly in English', () => {
    expect(en.devTools.title).toBe('SignalR Connection Test');
    expect(en.devTools.form.creating).toBe('Creating...');
    expect(en.announcementForm.errors).toMatchObject({
      titleRequired: 'Title is required',
      contentRequired: 'Content is required',
      endAfterStart: 'End date must be after start date',
      titleAndContentRequired: 'Title and content are required',
    });
  });

  it('are translated to Traditional Chinese', () => {
    expect(zhTW.devTools.title).toBe('SignalR 連線測試');
    expect(zhTW.devTools.form.creating).toBe('建立中...');
    expect(zhTW.announcementForm.errors.titleAndContentRequired).toBe('標題與內容為必填');
    expect(zhTW.announcement.dismiss).toBe('關閉公告');
  });
});
