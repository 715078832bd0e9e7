import { formatInstant } from '@/lib/format';
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

/** HH:mm of an instant in the factory's zone (this PC's zone until it is known); as sent when unparsable. */
export function clockTime(isoTime: string, zone: string | null): string {
  const instant = Date.parse(isoTime);
  if (Number.isNaN(instant)) return isoTime;
  return formatInstant(instant, zone, 'time');
}

/** yyyy/MM/dd HH:mm of an instant in the factory's zone, the app's date-time format. */
export function dateTime(isoTime: string, zone: string | null): string {
  const instant = Date.parse(isoTime);
  if (Number.isNaN(instant)) return isoTime;
  return formatInstant(instant, zone, 'dateTime');
}
