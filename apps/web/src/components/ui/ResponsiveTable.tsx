import { useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollEdges } from '@/lib/hooks/use-scroll-edges';
import './responsive-table.css';

interface ResponsiveTableProps {
  /** Names the scroll region (usually the table's caption). */
  label: string;
  /** Extra classes for the scroll box (a feature's table styles). */
  className?: string;
  children: ReactNode;
}

/**
 * Every table of the app sits in one (issue #23 item 6): on a phone a wide
 * table scrolls sideways inside its card, never the page, and says so — a
 * shadow on the side that hides columns and a "more columns" cue under it —
 * so Status, actions or a cost column are never silently out of view. The
 * box is a named, focusable region, so the keyboard can scroll it too.
 */
export function ResponsiveTable({ label, className, children }: ResponsiveTableProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(ref);
  return (
    <div
      className="wb-table-frame"
      data-more-start={edges.start || undefined}
      data-more-end={edges.end || undefined}
    >
      <div
        ref={ref}
        className={className ? `wb-table-wrap ${className}` : 'wb-table-wrap'}
        role="region"
        tabIndex={0}
        aria-label={label}
      >
        {children}
      </div>
      {edges.end && (
        // Sighted users only: the table itself tells a screen reader every column.
        <p className="wb-table-cue" aria-hidden="true">
          {t('table.moreColumns')}
        </p>
      )}
    </div>
  );
}
