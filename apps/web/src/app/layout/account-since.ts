import { ACCOUNT_START_DATE } from '@/features/settings/constants';

/**
 * The account's start date under the user's name. English keeps spec §9's
 * "28 Oct 2024"; Chinese readers get 2024年10月28日 instead of an English
 * month name (the spec fixes the format only in the About tab and the clock).
 */
export function accountSinceDate(language: string): string {
  if (!language.startsWith('zh')) return ACCOUNT_START_DATE;
  const day = new Date(`${ACCOUNT_START_DATE} UTC`);
  return new Intl.DateTimeFormat('zh-TW', { dateStyle: 'long', timeZone: 'UTC' }).format(day);
}
