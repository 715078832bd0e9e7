// What other modules may use of the alarm-links module: lint forbids reaching past this file.
export { alarmLinksPlugin } from './plugin.ts';
export { CLEAR_LINK_PATH } from './routes.ts';
export { mintClearLinkToken, readClearLinkToken } from './calc/link-token.ts';
