/** Fixed labels of spec §9. */
export const WEB_VERSION = 'v1.1-beta';
/** Spec §9: "Account Start From 28 Oct 2024" (a fixed date, shown as dd MMM yyyy). */
export const ACCOUNT_START_DATE = '28 Oct 2024';
