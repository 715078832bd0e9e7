// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, settledLanguage } from './locale-files';

function storage(stored?: string): Storage {
  localStorage.clear();
  if (stored !== undefined) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
  return localStorage;
}

describe('settledLanguage (what i18n will choose, known before it runs)', () => {
  it('follows the detector order: ?lng=, then the i18next cookie, then the stored choice', () => {
    expect(settledLanguage('?lng=zh-TW', 'i18next=en', storage('en'))).toBe('zh');
    expect(settledLanguage('?is_dev=1', 'a=1; i18next=zh', storage('en'))).toBe('zh');
    expect(settledLanguage('', '', storage('zh'))).toBe('zh');
    expect(settledLanguage('', '', storage('en-US'))).toBe('en');
  });

  it('maps what the app does not speak to English, as i18n does', () => {
    expect(settledLanguage('?lng=fr', '', storage())).toBe('en');
  });

  it("leaves the browser's languages to i18n (null) when nothing settles it", () => {
    expect(settledLanguage('', 'other=zh', storage())).toBeNull();
  });
});
