/**
 * The one way to write the audit log (migration 008): control changes and
 * commands, settings, alarm clears, sign-ins and Admin changes. Call it with the
 * transaction that makes the change, so the change and its record commit
 * together or not at all.
 */
import type { Queryable } from '../../../platform/db/db.ts';

export interface AuditActor {
  /** The person's user id; null when the system acted (scheduler, worker). */
  userId: number | null;
  /** The name shown in the log: the user's name, or 'scheduler' / 'system'. */
  name: string;
  /** The client address of the person's request, when known. */
  address?: string | null;
}

export interface AuditEntry {
  factoryId: number;
  actor: AuditActor;
  /** A dotted verb, e.g. 'control.channel.action', 'user.disable'. */
  action: string;
  target?: { type: string; id: string | number } | null;
  /** Before/after values and other details; JSON-serialisable. */
  detail?: Record<string, unknown>;
}

export const SYSTEM_ACTOR: AuditActor = { userId: null, name: 'system' };
export const SCHEDULER_ACTOR: AuditActor = { userId: null, name: 'scheduler' };

const ACTION_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

/** Appends one row to the audit log. Throws on a malformed action (a programming error). */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  if (!ACTION_PATTERN.test(entry.action)) {
    throw new Error(`audit action "${entry.action}" must be dotted lower-case words`);
  }
  await db.query(
    `INSERT INTO audit_log (factory_id, user_id, actor, action, target_type, target_id, detail, address)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [
      entry.factoryId,
      entry.actor.userId,
      entry.actor.name.slice(0, 200) || 'system',
      entry.action,
      entry.target?.type ?? null,
      entry.target === null || entry.target === undefined ? null : String(entry.target.id),
      JSON.stringify(entry.detail ?? {}),
      entry.actor.address ?? null,
    ],
  );
}
