import { useEffect } from 'react';
import type { RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element Tab should wrap to, or null when the browser's own move stays inside. */
export function wrapTarget<T>(ring: readonly T[], active: T | null, backwards: boolean): T | null {
  if (ring.length === 0) return null;
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  const index = active === null ? -1 : ring.indexOf(active);
  if (index === -1) return backwards ? last : first;
  if (backwards && index === 0) return last;
  if (!backwards && index === ring.length - 1) return first;
  return null;
}

/**
 * While the phone menu is open: focus goes into it, Tab and Shift+Tab cycle
 * through the menu button and the menu's controls only, and Escape closes it
 * with focus back on the menu button (issue #14).
 */
export function useMenuFocus(
  open: boolean,
  button: RefObject<HTMLElement | null>,
  menu: RefObject<HTMLElement | null>,
  close: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const ring = () => [
      ...(button.current ? [button.current] : []),
      ...(menu.current ? [...menu.current.querySelectorAll<HTMLElement>(FOCUSABLE)] : []),
    ];
    ring()[1]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened from the menu (Settings) handles its own keys.
      if (document.querySelector('dialog[open], [role="dialog"]')) return;
      if (event.key === 'Escape') {
        close();
        button.current?.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const target = wrapTarget(ring(), active, event.shiftKey);
      if (target) {
        event.preventDefault();
        target.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, button, menu, close]);
}
