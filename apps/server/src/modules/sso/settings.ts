import { z } from 'zod';
import { ROLES, type UserRole } from '@wattboard/contract';

/**
 * Single sign-on is server configuration (decision 0085): a JSON file named by
 * OIDC_CONFIG_FILE, one entry per factory slug. The client secret is never in
 * the file: it names an environment variable, where the server keeps its other
 * secrets (SMTP_URL, MQTT_ADMIN_URL, METRICS_TOKEN).
 */
const roleName = z.enum(ROLES, { error: 'expected viewer, operator or manager' });

export function isLoopback(url: string): boolean {
  const host = URL.canParse(url) ? new URL(url).hostname : '';
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

const factoryEntry = z.strictObject({
  issuer: z
    .url({ protocol: /^https?$/, error: 'expected the issuer as an https:// URL' })
    // Plain http only on this machine (a local Keycloak, the tests' provider): tokens travel there.
    .refine((text) => !text.startsWith('http:') || isLoopback(text), {
      error: 'expected https:// (http:// only for localhost)',
    }),
  clientId: z.string().min(1, { error: 'expected the client id' }),
  clientSecretEnv: z.string().regex(/^[A-Z][A-Z0-9_]*$/, {
    error: 'expected an environment variable name, e.g. SSO_SECRET',
  }),
  /** The ID token / userinfo claim holding the person's groups (Entra ID and Keycloak: groups). */
  groupsClaim: z.string().min(1).default('groups'),
  /** Group → role; a person in several groups gets the highest of their roles. */
  groupRoles: z.record(z.string().min(1), roleName).default({}),
  /** The role of someone in none of the mapped groups; null refuses them. */
  defaultRole: roleName.nullable().default(null),
  /** Whether a person without a Wattboard account gets one on first sign-in (else refused). */
  createUsers: z.boolean().default(false),
  /** E-mail domains whose login page offers this factory's sign-on. */
  emailDomains: z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/)).default([]),
  /** Extra scopes beyond `openid email profile` (Keycloak's mapper may need one). */
  scopes: z.array(z.string().regex(/^[\x21-\x7e]+$/)).default([]),
});

const fileSchema = z.strictObject({
  factories: z.record(z.string().regex(/^[a-z0-9][a-z0-9-]*$/), factoryEntry),
});

export interface FactorySso {
  slug: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  groupsClaim: string;
  groupRoles: Readonly<Record<string, UserRole>>;
  defaultRole: UserRole | null;
  createUsers: boolean;
  emailDomains: readonly string[];
  scopes: readonly string[];
}

export class SsoSettingsError extends Error {
  override name = 'SsoSettingsError';
}

/**
 * The factories' sign-on settings from the file's text, their secrets from
 * `env`. Throws naming every problem, so start-up stops with a clear message.
 */
export function parseSsoSettings(
  text: string,
  env: Record<string, string | undefined>,
): Map<string, FactorySso> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new SsoSettingsError(`OIDC_CONFIG_FILE: not JSON (${(err as Error).message})`);
  }
  const result = fileSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new SsoSettingsError(`OIDC_CONFIG_FILE: ${problems.join('; ')}`);
  }
  const settings = new Map<string, FactorySso>();
  const claimedDomains = new Map<string, string>();
  for (const [slug, entry] of Object.entries(result.data.factories)) {
    const clientSecret = env[entry.clientSecretEnv];
    if (!clientSecret) {
      throw new SsoSettingsError(
        `OIDC_CONFIG_FILE: factories.${slug}.clientSecretEnv: ${entry.clientSecretEnv} is not set`,
      );
    }
    for (const domain of entry.emailDomains) {
      // One domain, one factory: the login page must know where to send a person.
      const other = claimedDomains.get(domain);
      if (other) {
        throw new SsoSettingsError(
          `OIDC_CONFIG_FILE: e-mail domain ${domain} is listed by both ${other} and ${slug}`,
        );
      }
      claimedDomains.set(domain, slug);
    }
    const { clientSecretEnv: _named, ...rest } = entry;
    settings.set(slug, { slug, ...rest, clientSecret });
  }
  return settings;
}

/** The factory whose sign-on serves this e-mail address's domain, if any. */
export function factoryForEmail(
  settings: ReadonlyMap<string, FactorySso>,
  email: string,
): FactorySso | undefined {
  const domain = email.trim().toLowerCase().split('@')[1];
  if (!domain) return undefined;
  return [...settings.values()].find((s) => s.emailDomains.includes(domain));
}
