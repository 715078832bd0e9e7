import { MINUTE_MS } from '@wattboard/zone-time';

/** Kinds that escalate: alarms someone must act on. A demand warning passes with its block. */
export const ESCALATING_KINDS: ReadonlySet<string> = new Set(['threshold', 'offline']);

/**
 * An event older than this past its escalation time is not escalated any more:
 * turning escalation on must not page someone about last month's open alarms.
 */
export const ESCALATION_WINDOW_MS = 24 * 60 * MINUTE_MS;

export interface EscalationCandidate {
  kind: string;
  openedAt: Date;
  /** Null while the event is unresolved. */
  resolvedAt: Date | null;
}

/**
 * Whether an event goes on to an escalation destination now (decision 0072):
 * of an escalating kind the destination takes, still unresolved, opened at
 * least `afterMinutes` ago but not more than a day past that. "Once" is the
 * outbox's job (a unique escalation row per event and destination).
 */
export function escalationDue(
  event: EscalationCandidate,
  destination: { escalateAfterMinutes: number | null; wants: (kind: string) => boolean },
  nowMs: number,
): boolean {
  const after = destination.escalateAfterMinutes;
  if (after === null || event.resolvedAt !== null) return false;
  if (!ESCALATING_KINDS.has(event.kind) || !destination.wants(event.kind)) return false;
  const dueAt = event.openedAt.getTime() + after * MINUTE_MS;
  return nowMs >= dueAt && nowMs - dueAt <= ESCALATION_WINDOW_MS;
}
