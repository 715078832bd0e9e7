import type { ResourceKey } from 'i18next';

// The languages and their string files, apart from lib/i18n (which waits for
// its language at top level), so the first load can start the file early too.

export const languages = ['en', 'zh'] as const;
export type Language = (typeof languages)[number];

/** zh, zh-TW, zh-Hant... all mean Traditional Chinese here; anything else is English. */
export function normalizeLanguage(lng: string | undefined | null): Language {
  return lng?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/**
 * Each language's strings are their own chunk, fetched when that language is
 * first used, so the login route does not carry both (150 KB gzip budget).
 */
export const localeFiles: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('@/locales/en.json'),
  zh: () => import('@/locales/zh-TW.json'),
};

/** Where i18n's detector keeps the chosen language (lib/i18n: `caches: ['localStorage']`). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/**
 * The language i18n's detector will choose on this load when it is already
 * settled by what comes first in its order: `?lng=`, the `i18next`
 * cookie, then the choice it stored. null: left to the browser's languages.
 */
export function settledLanguage(search: string, cookie: string, storage: Storage): Language | null {
  const fromQuery = new URLSearchParams(search).get('lng');
  if (fromQuery) return normalizeLanguage(fromQuery);
  const fromCookie = /(?:^|;\s*)i18next=([^;]*)/.exec(cookie)?.[1];
  if (fromCookie) return normalizeLanguage(decodeURIComponent(fromCookie));
  const stored = storage.getItem(LANGUAGE_STORAGE_KEY);
  return stored ? normalizeLanguage(stored) : null;
}
