import { usePermission } from '@/lib/hooks/use-permission';
import type { PermissionCheck } from '@/lib/hooks/use-permission';

/** The Control page's notes saying why its controls are held back (ControlPage renders them). */
export const OPERATE_NOTE_ID = 'wb-ctl-operate-note';
export const PRIORITIES_NOTE_ID = 'wb-ctl-priorities-note';

type HeldBack = PermissionCheck & { describedBy: string | undefined };

const withNote = (check: PermissionCheck, noteId: string): HeldBack => ({
  ...check,
  describedBy: check.allowed ? undefined : noteId,
});

/** Switches, channel actions, moves between groups and IR settings: the operator's. */
export function useOperate(): HeldBack {
  return withNote(usePermission('operate', 'switchLoads'), OPERATE_NOTE_ID);
}

/** Shedding priorities (demand management): the manager's. */
export function usePrioritize(): HeldBack {
  return withNote(usePermission('manage', 'setPriorities'), PRIORITIES_NOTE_ID);
}
