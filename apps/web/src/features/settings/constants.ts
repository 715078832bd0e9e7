/** Fixed labels of the settings dialog. */
export const WEB_VERSION = 'v1.1-beta';
/** "Account Start From 28 Oct 2024" (a fixed day, shown with lib/format's dayLabel). */
export const ACCOUNT_START_DAY = '2024-10-28';
