import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '@/lib/notifications';
import { badgeText } from '../model/notification-display';
import { NotificationPanel } from './NotificationPanel';
import './notifications.css';

/**
 * Closes the panel on a press outside it (and outside the bell), on Escape
 * (focus back on the bell), or when keyboard focus moves out of it (issue #14:
 * an open panel must not be left behind by a Tab).
 */
function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  close: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, root, button, close]);
}

/** The bell with the unresolved count; it opens the notification panel. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { total, hasNew } = useNotifications();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, rootRef, buttonRef, close);
  const badge = badgeText(total);

  return (
    <div className="wb-bell" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`wb-icon-button wb-bell__button${hasNew ? ' wb-bell__button--new' : ''}`}
        aria-label={t('notifications.bellLabel', { count: total })}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notification-bell"
        data-new={hasNew || undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <Bell size={20} aria-hidden="true" />
        {badge && (
          <span className="wb-bell__badge" data-testid="notification-count" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={panelId} />}
    </div>
  );
}
