import { ACCOUNT_START_DAY } from '@/features/settings/constants';
import { dayLabel } from '@/lib/format';

/**
 * The account's start date under the user's name: the same "28 Oct 2024" as
 * the Settings dialog's fixed label and the header clock's day, in
 * both languages, so one screen never shows the same day in two styles.
 */
export function accountSinceDate(): string {
  return dayLabel(ACCOUNT_START_DAY);
}
