import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { BackendModule, ResourceKey } from 'i18next';

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

/**
 * Each language's strings are their own chunk, fetched when that language is
 * first used, so the login route does not carry both (DESIGN §13 budget).
 */
const localeFiles: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('@/locales/en.json'),
  zh: () => import('@/locales/zh-TW.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = localeFiles[language as Language];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangFor(lng);
});

// Top-level await: whoever imports this module (main.tsx first) runs once the
// chosen language's strings are in, so t() is synchronous from the first paint.
await i18n
  .use(lazyLocales)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...languages],
    fallbackLng: 'en',
    load: 'languageOnly',
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
