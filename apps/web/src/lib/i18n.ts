import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { BackendModule } from 'i18next';
import { LANGUAGE_STORAGE_KEY, languages, localeFiles, normalizeLanguage } from './locale-files';
import type { Language } from './locale-files';

export { languages, normalizeLanguage } from './locale-files';
export type { Language } from './locale-files';

/** The value for `<html lang>`: the BCP 47 tag of the text actually shown. */
export function htmlLangFor(lng: string): string {
  return normalizeLanguage(lng) === 'zh' ? 'zh-Hant-TW' : 'en';
}

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
      // Detection order: query string, cookie, local storage, session storage, browser, html tag.
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: normalizeLanguage,
    },
    react: { useSuspense: false },
  });
