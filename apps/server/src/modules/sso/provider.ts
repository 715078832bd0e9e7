import * as oidc from 'openid-client';
import { isLoopback, type FactorySso } from './settings.ts';

/**
 * The providers' discovered metadata, one per factory, fetched on first use
 * and kept; a failed discovery is forgotten so the next sign-in tries again.
 */
export class ProviderDirectory {
  readonly #configs = new Map<string, Promise<oidc.Configuration>>();

  configuration(sso: FactorySso): Promise<oidc.Configuration> {
    let config = this.#configs.get(sso.slug);
    if (!config) {
      const options = isLoopback(sso.issuer) ? { execute: [oidc.allowInsecureRequests] } : {};
      config = oidc.discovery(
        new URL(sso.issuer),
        sso.clientId,
        undefined,
        oidc.ClientSecretPost(sso.clientSecret),
        options,
      );
      config.catch(() => this.#configs.delete(sso.slug));
      this.#configs.set(sso.slug, config);
    }
    return config;
  }
}

/** What the start route stores and sends: PKCE (S256), state and nonce, all fresh. */
export async function authorizationRequest(
  config: oidc.Configuration,
  sso: FactorySso,
  redirectUri: string,
) {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: ['openid', 'email', 'profile', ...sso.scopes].join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, codeVerifier, state, nonce };
}

/** The ID token's claims with the userinfo's added (Google and Keycloak may keep some there). */
export async function completeSignIn(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { codeVerifier: string; state: string; nonce: string },
): Promise<{ claims: Record<string, unknown>; idToken: string }> {
  // openid-client checks the state, the ID token's signature, issuer, audience, expiry and nonce.
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims || !tokens.id_token) throw new Error('the provider sent no ID token');
  const userinfo = config.serverMetadata().userinfo_endpoint
    ? await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)
    : {};
  return { claims: { ...userinfo, ...idClaims }, idToken: tokens.id_token };
}

/** Where the browser goes to sign out at the provider too, or null when it has no such endpoint. */
export function endSessionUrl(
  config: oidc.Configuration,
  idToken: string,
  postLogoutRedirectUri: string,
): string | null {
  if (!config.serverMetadata().end_session_endpoint) return null;
  return oidc
    .buildEndSessionUrl(config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: postLogoutRedirectUri,
    })
    .toString();
}
