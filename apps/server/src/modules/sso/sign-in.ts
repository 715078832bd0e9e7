import type { UserRole } from '@wattboard/contract';
import type { Db } from '../../platform/db/db.ts';
import { generateToken, hashToken, sessionExpiry } from '../../platform/http/token.ts';
import {
  ADMIN_USERNAME,
  DisabledMeanwhile,
  hashPassword,
  insertSession,
  isFactoryAdmin,
  recordSignIn,
  type ScryptParams,
} from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { SsoRefusal } from './refusals.ts';
import {
  bindSubject,
  findSsoUser,
  insertSsoUser,
  setSessionIdToken,
  updateUserRole,
} from './repo.ts';

export interface SsoIdentity {
  /** The provider's issuer and the person's `sub` there: who they are, whatever their e-mail. */
  subject: string;
  email: string;
  name: string;
  /** The role the groups give (roleFromGroups), never Admin; null: none of them is mapped. */
  mappedRole: UserRole | null;
  idToken: string;
}

/**
 * The verified e-mail of the claims, lower-cased; a provider that says the
 * address is unverified is refused (Entra ID sends no such claim: its
 * addresses are the tenant's own).
 */
export function emailOfClaims(claims: Readonly<Record<string, unknown>>): string | null {
  const email = claims.email;
  if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email)) return null;
  if (claims.email_verified === false) return null;
  return email.toLowerCase();
}

/** A new person's display name; never `Admin`, the name that administers a factory. */
export function usernameOfClaims(claims: Readonly<Record<string, unknown>>, email: string): string {
  const name = [claims.name, claims.preferred_username].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  const chosen = (name ?? email.split('@')[0] ?? email).trim().slice(0, 100);
  return chosen.toLowerCase() === ADMIN_USERNAME.toLowerCase() ? email : chosen;
}

/**
 * The role to store: the groups' when one is mapped (written on every sign-in);
 * else a known person keeps the stored one (the Admin may have set it) and a
 * new one gets the default. No default refuses whoever no group maps.
 */
export function roleToStore(
  mappedRole: UserRole | null,
  defaultRole: UserRole | null,
  storedRole: UserRole | undefined,
): UserRole | null {
  if (mappedRole) return mappedRole;
  if (!defaultRole) return null;
  return storedRole ?? defaultRole;
}

/**
 * Finds or creates the person in this factory, writes the role the groups
 * gave (audited as user.role, like the Admin page's changes) and starts a
 * session: all in one transaction. Returns the session as a password sign-in does.
 */
export async function signInWithIdentity(
  db: Db,
  factoryId: number,
  options: {
    createUsers: boolean;
    defaultRole: UserRole | null;
    scrypt: ScryptParams;
    address: string;
  },
  identity: SsoIdentity,
) {
  const existing = await findSsoUser(db, identity.subject, identity.email);
  if (existing && existing.factory_id !== factoryId) throw new SsoRefusal('otherFactory');
  // The address now names another person at the provider than the one this account signed on as.
  if (existing?.sso_subject && existing.sso_subject !== identity.subject) {
    throw new SsoRefusal('otherIdentity');
  }
  if (existing && isFactoryAdmin(existing)) throw new SsoRefusal('adminPasswordOnly');
  if (existing?.disabled_at) throw new SsoRefusal('disabled');
  if (!existing && !options.createUsers) throw new SsoRefusal('noAccount');
  const role = roleToStore(identity.mappedRole, options.defaultRole, existing?.role);
  if (!role) throw new SsoRefusal('noRole');
  // Nobody knows this password: the person signs in through the provider (or the Admin resets it).
  const passwordHash = existing ? '' : await hashPassword(generateToken(), options.scrypt);

  const token = generateToken();
  const expiresAt = sessionExpiry(new Date());
  const user = await db
    .transaction(async (tx) => {
      const user =
        existing ??
        (await insertSsoUser(tx, {
          factoryId,
          email: identity.email,
          username: identity.name,
          role,
          passwordHash,
        }));
      const actor = { userId: user.id, name: user.username, address: options.address };
      if (existing) {
        if (existing.role !== role) {
          await updateUserRole(tx, factoryId, user.id, role);
          await recordAudit(tx, {
            factoryId,
            actor,
            action: 'user.role',
            target: { type: 'user', id: user.id },
            detail: { username: user.username, from: existing.role, to: role, by: 'sso' },
          });
        }
      } else {
        await recordAudit(tx, {
          factoryId,
          actor,
          action: 'user.add',
          target: { type: 'user', id: user.id },
          detail: { username: user.username, email: user.email, role: user.role, by: 'sso' },
        });
      }
      await bindSubject(tx, user.id, identity.subject);
      await recordSignIn(tx, user, options.address);
      const tokenHash = hashToken(token);
      await insertSession(tx, { tokenHash, factoryId, userId: user.id, expiresAt });
      await setSessionIdToken(tx, tokenHash, identity.idToken);
      return user;
    })
    .catch((err: unknown) => {
      if (err instanceof DisabledMeanwhile) throw new SsoRefusal('disabled');
      throw err;
    });
  return {
    email: user.email,
    username: user.username,
    token,
    dtTokenExpire: expiresAt.toISOString(),
  };
}
