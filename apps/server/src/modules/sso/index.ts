// What other modules may use of the single sign-on module: lint forbids reaching past this file.
export { ssoPlugin } from './plugin.ts';
