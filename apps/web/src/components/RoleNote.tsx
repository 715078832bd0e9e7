import type { ReactNode } from 'react';
import './role-note.css';

/**
 * Why the controls beside it are held back: the signed-in user's role (the
 * reason of lib/hooks/use-permission). Nothing when they are not. Give the
 * held-back controls `aria-describedby={id}` so a screen reader says why too.
 */
export function RoleNote({ id, reason }: { id?: string; reason: string | null }) {
  if (!reason) return null;
  return (
    <p id={id} className="wb-role-note" data-testid="role-note">
      {reason}
    </p>
  );
}

/** Disables every form control inside when `disabled` (the role may not change them); no frame. */
export function RoleFieldset({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <fieldset className="wb-role-fieldset" disabled={disabled}>
      {children}
    </fieldset>
  );
}
