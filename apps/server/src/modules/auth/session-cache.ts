import type { Queryable } from '../../platform/db/db.ts';
import type { DataChanges } from '../../platform/db/data-changes.ts';
import { hashToken } from '../../platform/http/token.ts';
import { findSession, type AuthContext } from './session.ts';

/** Sessions kept at most; the oldest goes first (a session is a few hundred bytes). */
export const SESSION_CACHE_ENTRIES = 10_000;

interface Kept {
  /** The session's factory's data stamp when it was read (sessions and users notify it). */
  stamp: string;
  session: AuthContext;
}

/**
 * Session lookups kept between changes (decision 0084): migration 037's feed
 * names a factory whenever one of its sessions or users changes (sign-in,
 * sign-out, a revoked or changed password, a role, a removal), so a kept
 * session is served only while its factory's stamp is the one it was read
 * under. Expiry is checked on every use. Without a working feed every
 * lookup reads the database, as before.
 */
export class SessionCache {
  #kept = new Map<string, Kept>();

  /** The live session of the token, and whether the feed was settled for this request. */
  async find(
    db: Queryable,
    changes: DataChanges,
    token: string,
    now: number = Date.now(),
  ): Promise<{ session: AuthContext | null; settled: boolean }> {
    const settled = await changes.settle();
    const tokenHash = hashToken(token);
    const kept = settled ? this.#kept.get(tokenHash) : undefined;
    if (kept && kept.stamp === changes.stampNow(kept.session.factory.id)) {
      const live = kept.session.expiresAt.getTime() > now;
      return { session: live ? kept.session : null, settled };
    }
    // Taken before the read: a change committed during it must keep the row out.
    const mark = changes.mark();
    const session = await findSession(db, token, now);
    this.#kept.delete(tokenHash);
    if (settled && session && changes.unchangedSince(mark, session.factory.id)) {
      if (this.#kept.size >= SESSION_CACHE_ENTRIES) {
        const oldest = this.#kept.keys().next();
        if (!oldest.done) this.#kept.delete(oldest.value);
      }
      this.#kept.set(tokenHash, { stamp: changes.stampNow(session.factory.id), session });
    }
    return { session, settled };
  }
}
