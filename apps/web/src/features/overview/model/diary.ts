import type { PowerDiaryEntry } from '@wattboard/contract';
import { normalizeLanguage } from '@/lib/i18n';

/** The entry's text in the page's language, the other one when it is blank. */
export function diaryDescription(
  entry: Pick<PowerDiaryEntry, 'description' | 'descriptionZh'>,
  language: string,
): string {
  const [preferred, other] =
    normalizeLanguage(language) === 'zh'
      ? [entry.descriptionZh, entry.description]
      : [entry.description, entry.descriptionZh];
  return preferred.trim() || other.trim();
}
