import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import zhTW from '@/locales/zh-TW.json';

export const languages = ['en', 'zh'] as const;
export type Language = (typeof languages)[number];

/** zh, zh-TW, zh-Hant... all mean Traditional Chinese here; anything else is English. */
export function normalizeLanguage(lng: string | undefined | null): Language {
  return lng?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** The value for `<html lang>`: the BCP 47 tag of the text actually shown. */
export function htmlLangFor(lng: string): string {
  return normalizeLanguage(lng) === 'zh' ? 'zh-Hant-TW' : 'en';
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangFor(lng);
});

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, zh: { translation: zhTW } },
    supportedLngs: [...languages],
    fallbackLng: 'en',
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    detection: {
      // Spec §9: query string, cookie, local storage, session storage, browser, html tag.
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
      convertDetectedLanguage: normalizeLanguage,
    },
    react: { useSuspense: false },
  });
