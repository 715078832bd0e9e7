// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { htmlLangFor, i18n, normalizeLanguage } from './i18n';

describe('i18n', () => {
  it('maps every Chinese variant to zh and anything else to English', () => {
    for (const lng of ['zh', 'zh-TW', 'zh-Hant', 'zh-Hant-TW', 'ZH-tw']) {
      expect(normalizeLanguage(lng)).toBe('zh');
    }
    for (const lng of ['en', 'en-US', 'fr', '', undefined]) {
      expect(normalizeLanguage(lng)).toBe('en');
    }
  });

  it('detects in the fixed order: query string, cookie, local storage, session storage, browser, html tag', () => {
    expect(i18n.options.detection).toMatchObject({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
    });
  });

  it('keeps <html lang> and the cache in step with the language', async () => {
    await i18n.changeLanguage('zh-TW');
    expect(i18n.resolvedLanguage).toBe('zh');
    expect(document.documentElement.lang).toBe(htmlLangFor('zh'));
    expect(i18n.t('nav.overview')).toBe('總覽');

    await i18n.changeLanguage('zh');
    expect(localStorage.getItem('i18nextLng')).toBe('zh');

    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('nav.overview')).toBe('Overview');
  });
});
