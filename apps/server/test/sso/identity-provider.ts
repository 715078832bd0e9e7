import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the test provider signs in: their claims as the provider sends them. */
export interface TestAccount {
  sub: string;
  email: string;
  name: string;
  groups: string[];
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
}

export interface IdentityProvider {
  issuer: string;
  /** Who the next sign-in at the provider logs in (the login form's answer). */
  signInNext(account: TestAccount): void;
  close(): Promise<void>;
}

/**
 * The certified `oidc-provider`, for real, on a random local port: discovery,
 * signed ID tokens, PKCE required, codes single-use, RP-initiated logout.
 * Only its login page is replaced: the interaction logs in the account the
 * test chose and grants the requested scopes, as a person pressing
 * "sign in" and "allow" would.
 */
export async function startIdentityProvider(
  clients: TestClient[],
  redirectUri: string,
  postLogoutRedirectUri: string,
): Promise<IdentityProvider> {
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | undefined;
  // Made once the port is known (the issuer names it); until then the server answers 503.
  const made: { provider?: Provider } = {};
  const server: Server = createServer((req, res) => {
    const provider = made.provider;
    if (!provider) return res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/')) {
      void finishInteraction(provider, next, req, res).catch((err: unknown) => {
        res.writeHead(500).end(String(err));
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  made.provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [redirectUri],
      post_logout_redirect_uris: [postLogoutRedirectUri],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The groups go in the ID token, as Entra ID and Keycloak's mapper send them.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: account.name,
          groups: account.groups,
        }),
      };
    },
  });
  return {
    issuer,
    signInNext(account) {
      accounts.set(account.sub, account);
      next = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function finishInteraction(
  provider: Provider,
  account: TestAccount | undefined,
  req: Parameters<Provider['interactionDetails']>[0],
  res: Parameters<Provider['interactionDetails']>[1],
): Promise<void> {
  if (!account) throw new Error('the test chose no account to sign in');
  const details = await provider.interactionDetails(req, res);
  const grant = new provider.Grant({
    accountId: account.sub,
    clientId: String(details.params.client_id),
  });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.sub }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}
