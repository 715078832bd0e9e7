import { formatInstant } from '@/lib/format';
import { normalizeLanguage } from '@/lib/i18n';

interface AlertTexts {
  titleText: string;
  descText: string;
  title: string;
  desc: string;
}

/**
 * titleText/descText are English, title/desc Traditional Chinese;
 * the one for the current language is shown, the other when it is empty.
 */
export function alertTextsFor(
  alert: AlertTexts,
  language: string,
): { title: string; description: string } {
  const chinese = normalizeLanguage(language) === 'zh';
  const pick = (preferred: string, other: string) => (preferred.trim() ? preferred : other);
  return chinese
    ? { title: pick(alert.title, alert.titleText), description: pick(alert.desc, alert.descText) }
    : { title: pick(alert.titleText, alert.title), description: pick(alert.descText, alert.desc) };
}

/** yyyy/MM/dd HH:mm:ss in the factory's zone when known; unreadable → as is. */
export function formatNotificationTime(time: string | Date, zone: string | null): string {
  const instant = typeof time === 'string' ? Date.parse(time) : time.getTime();
  if (Number.isNaN(instant)) return String(time);
  return formatInstant(instant, zone, 'dateTimeSeconds');
}
