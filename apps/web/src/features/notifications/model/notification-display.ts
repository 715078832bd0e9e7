import { formatInstant } from '@/lib/format';
import { normalizeLanguage } from '@/lib/i18n';

interface BilingualAlert {
  titleText: string;
  descText: string;
  title: string;
  desc: string;
}

/**
 * titleText/descText are English, title/desc Traditional Chinese;
 * the current language's text is shown, the other one when it is blank.
 */
export function alertTexts(
  alert: BilingualAlert,
  language: string,
): { title: string; desc: string } {
  const english = { title: alert.titleText, desc: alert.descText };
  const chinese = { title: alert.title, desc: alert.desc };
  const [preferred, other] =
    normalizeLanguage(language) === 'zh' ? [chinese, english] : [english, chinese];
  return {
    title: preferred.title.trim() || other.title.trim(),
    desc: preferred.desc.trim() || other.desc.trim(),
  };
}

export const NOTIFICATION_TIME_FORMAT = 'yyyy/MM/dd HH:mm';

/** yyyy/MM/dd HH:mm in the factory's zone when known, else this PC's; unparsable times as sent. */
export function formatNotificationTime(isoTime: string, zone: string | null): string {
  const instant = Date.parse(isoTime);
  if (Number.isNaN(instant)) return isoTime;
  return formatInstant(instant, zone, 'dateTime');
}

/** The bell's badge: the unresolved count, capped so it stays one small circle. */
export function badgeText(total: number): string | null {
  if (total <= 0) return null;
  return total > 99 ? '99+' : String(total);
}
