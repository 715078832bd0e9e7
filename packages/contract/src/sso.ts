import { z } from 'zod';
import { defineCall } from './call.ts';
import { responseEnvelope, withRequestEnvelope } from './envelope.ts';

/**
 * Single sign-on (issue #30, decision 0085). Signing in is browser
 * redirects (GET /v1/Sso/Start, GET /v1/Sso/Callback), not JSON calls; signing
 * out is one: the session ends here and the answer says where the browser goes
 * to end it at the identity provider too.
 */
export const ssoSignOut = defineCall({
  method: 'POST',
  path: '/v1/Sso/SignOut',
  auth: true,
  request: withRequestEnvelope({}),
  response: responseEnvelope.extend({
    /** The provider's end-session address (with id_token_hint), or null: only signed out here. */
    redirectUrl: z.string().nullable(),
  }),
});

/** The paths of the sign-in redirects, shared by the server and the login page. */
export const SSO_PATHS = {
  start: '/v1/Sso/Start',
  callback: '/v1/Sso/Callback',
  lookup: '/v1/Sso/Lookup',
} as const;
