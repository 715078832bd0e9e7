import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SSO_PATHS, ssoSignOut } from '@wattboard/contract';
import { hashToken } from '../../platform/http/token.ts';
import { registerCallerCall, scryptParams } from '../auth/index.ts';
import { revokeSessionOf } from './sign-out.ts';
import {
  authorizationRequest,
  completeSignIn,
  endSessionUrl,
  ProviderDirectory,
} from './provider.ts';
import { factoryForEmail, type FactorySso } from './settings.ts';
import { refusalPage, SsoRefusal, type RefusalReason } from './refusals.ts';
import { groupsOf, roleFromGroups } from './role-mapping.ts';
import { emailOfClaims, signInWithIdentity, usernameOfClaims } from './sign-in.ts';
import * as repo from './repo.ts';

export interface SsoRouteOptions {
  settings: ReadonlyMap<string, FactorySso>;
  /** PUBLIC_URL: the redirect URIs registered at the providers are built from it. */
  publicUrl: string;
  scryptCost: number;
}

/** A started sign-in may wait this long for its callback. */
const PENDING_MS = 10 * 60_000;
/** Binds the callback to the browser that started it (login CSRF: RFC 9700 §4.7). */
const STATE_COOKIE = 'wattboard_sso';

function stateCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const flags = `Path=${SSO_PATHS.callback}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
  return `${STATE_COOKIE}=${value}; ${flags}${secure ? '; Secure' : ''}`;
}

function cookieState(request: FastifyRequest): string | undefined {
  const cookies = (request.headers.cookie ?? '').split(';').map((part) => part.trim());
  return cookies.find((c) => c.startsWith(`${STATE_COOKIE}=`))?.slice(STATE_COOKIE.length + 1);
}

/** GET /v1/Sso/Start, GET /v1/Sso/Callback, GET /v1/Sso/Lookup and POST /v1/Sso/SignOut. */
export async function ssoRoutes(app: FastifyInstance, options: SsoRouteOptions) {
  const { settings, publicUrl } = options;
  const providers = new ProviderDirectory();
  const redirectUri = `${publicUrl}${SSO_PATHS.callback}`;
  const loginUrl = `${publicUrl}/dashboard/login`;
  const secure = publicUrl.startsWith('https:');

  const refuse = (reply: FastifyReply, reason: RefusalReason, status = 400) =>
    reply
      .code(status)
      .header('set-cookie', stateCookie('', 0, secure))
      .type('text/html; charset=utf-8')
      .send(refusalPage(reason, loginUrl));

  const providerOf = async (sso: FactorySso) => {
    try {
      return await providers.configuration(sso);
    } catch (err) {
      app.log.warn({ err, factory: sso.slug }, 'single sign-on: provider discovery failed');
      throw new SsoRefusal('providerUnavailable');
    }
  };

  app.get<{ Querystring: { email?: string } }>(SSO_PATHS.lookup, async (request) => {
    const sso = factoryForEmail(settings, String(request.query.email ?? ''));
    return { startUrl: sso ? `${SSO_PATHS.start}?factory=${sso.slug}` : null };
  });

  app.get<{ Querystring: { factory?: string } }>(SSO_PATHS.start, async (request, reply) => {
    const slug = String(request.query.factory ?? '');
    const sso = settings.get(slug);
    const factoryId = sso && (await repo.factoryIdOfSlug(app.db, slug));
    if (!sso || factoryId === undefined) return refuse(reply, 'notConfigured', 404);
    try {
      const config = await providerOf(sso);
      const auth = await authorizationRequest(config, sso, redirectUri);
      const { codeVerifier, nonce } = auth;
      await repo.insertPendingSignIn(
        app.db,
        hashToken(auth.state),
        { factoryId, codeVerifier, nonce },
        new Date(Date.now() + PENDING_MS),
      );
      reply.header('set-cookie', stateCookie(auth.state, PENDING_MS / 1000, secure));
      return reply.redirect(auth.url.toString(), 302);
    } catch (err) {
      if (err instanceof SsoRefusal) return refuse(reply, err.reason, 502);
      throw err;
    }
  });

  app.get<{ Querystring: { state?: string } }>(SSO_PATHS.callback, async (request, reply) => {
    const state = String(request.query.state ?? '');
    // A state not from this browser, unknown, used or expired: nothing to finish.
    if (state === '' || cookieState(request) !== state) return refuse(reply, 'unknownSignIn');
    const pending = await repo.takePendingSignIn(app.db, hashToken(state));
    const slug = pending && (await repo.factorySlugOf(app.db, pending.factoryId));
    const sso = slug === undefined ? undefined : settings.get(slug);
    if (!pending) return refuse(reply, 'unknownSignIn');
    if (!sso) return refuse(reply, 'notConfigured', 404);
    try {
      const config = await providerOf(sso);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const callbackUrl = new URL(`${redirectUri}${query}`);
      const verified = await completeSignIn(config, callbackUrl, { ...pending, state }).catch(
        (err: unknown) => {
          request.log.info({ err, factory: sso.slug }, 'single sign-on: callback refused');
          throw new SsoRefusal('providerRefused');
        },
      );
      const email = emailOfClaims(verified.claims);
      if (!email) throw new SsoRefusal('noEmail');
      const mappedRole = roleFromGroups(groupsOf(verified.claims, sso.groupsClaim), sso.groupRoles);
      const session = await signInWithIdentity(
        app.db,
        pending.factoryId,
        {
          createUsers: sso.createUsers,
          defaultRole: sso.defaultRole,
          scrypt: scryptParams(options.scryptCost),
          address: request.ip,
        },
        {
          // sub is unique only at its issuer; openid-client has checked both.
          subject: `${sso.issuer} ${String(verified.claims.sub)}`,
          email,
          name: usernameOfClaims(verified.claims, email),
          mappedRole,
          idToken: verified.idToken,
        },
      );
      // The fragment never reaches a server or a Referer; the login page stores it as a sign-in's answer.
      const fragment = new URLSearchParams(session).toString();
      reply.header('set-cookie', stateCookie('', 0, secure));
      return reply.redirect(`${loginUrl}#${fragment}`, 302);
    } catch (err) {
      if (err instanceof SsoRefusal) {
        request.log.info({ reason: err.reason, factory: sso.slug }, 'single sign-on refused');
        return refuse(reply, err.reason, err.reason === 'providerUnavailable' ? 502 : 403);
      }
      throw err;
    }
  });

  registerCallerCall(app, ssoSignOut, async ({ auth, ok }) => {
    const idToken = await revokeSessionOf(app, auth.tokenHash);
    const sso = settings.get((await repo.factorySlugOf(app.db, auth.factory.id)) ?? '');
    let redirectUrl: string | null = null;
    if (idToken && sso) {
      const config = await providers.configuration(sso).catch(() => null);
      redirectUrl = config && endSessionUrl(config, idToken, loginUrl);
    }
    return { ...ok, token: null, dtTokenExpire: null, redirectUrl };
  });
}
