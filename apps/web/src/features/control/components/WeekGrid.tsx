import { useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { moveCell, paintRect, paintValueAt, setCell, slotTime } from '../model/timer-grid';
import type { Cell, Slot, Week } from '../model/timer-grid';

interface WeekGridProps {
  rows: Week;
  /** Day index (0 = Sunday) of each row. */
  days: readonly number[];
  label: string;
  onChange: (rows: Slot[][]) => void;
}

const HOUR_MARKS = [0, 3, 6, 9, 12, 15, 18, 21];

function cellOf(element: Element | null): Cell | null {
  const target = element?.closest<HTMLElement>('[data-slot]');
  if (!target?.dataset.row || !target.dataset.slot) return null;
  return { day: Number(target.dataset.row), slot: Number(target.dataset.slot) };
}

/**
 * Half-hour grid (rows × 48). A pointer drag paints the rectangle from where
 * it started with the opposite of that cell; arrows move, Space or Enter
 * switches a cell, Shift + arrow paints as it moves. One tab stop.
 */
export function WeekGrid({ rows, days, label, onChange }: WeekGridProps) {
  const { t } = useTranslation();
  const [cursor, setCursor] = useState<Cell>({ day: 0, slot: 0 });
  const drag = useRef<{ anchor: Cell; value: Slot; base: Week } | null>(null);
  const lastValue = useRef<Slot>(1);
  const gridRef = useRef<HTMLDivElement>(null);
  const dayName = (row: number) => t(`control.schedule.weekdays.${days[row] ?? row}`);

  const focusCell = (cell: Cell) => {
    setCursor(cell);
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-row="${cell.day}"][data-slot="${cell.slot}"]`)
      ?.focus();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target as Element);
    if (!cell || event.button !== 0) return;
    event.preventDefault();
    const value = paintValueAt(rows, cell);
    drag.current = { anchor: cell, value, base: rows };
    lastValue.current = value;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    focusCell(cell);
    onChange(setCell(rows, cell, value));
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    // With pointer capture the target stays the grid; find the cell under the pointer.
    const under = document.elementFromPoint?.(event.clientX, event.clientY) ?? null;
    const cell = cellOf(under) ?? cellOf(event.target as Element);
    if (!cell) return;
    onChange(paintRect(current.base, current.anchor, cell, current.value));
  };

  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      const value = paintValueAt(rows, cursor);
      lastValue.current = value;
      onChange(setCell(rows, cursor, value));
      return;
    }
    const next = moveCell(cursor, event.key, rows.length);
    if (!next) return;
    event.preventDefault();
    focusCell(next);
    if (event.shiftKey) onChange(setCell(rows, next, lastValue.current));
  };

  return (
    <div className="wb-ctl-grid-wrap">
      <div
        ref={gridRef}
        className="wb-ctl-grid"
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length}
        aria-colcount={48}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      >
        <div className="wb-ctl-grid__hours" aria-hidden="true">
          {HOUR_MARKS.map((hour) => (
            <span key={hour} style={{ gridColumn: `${hour * 2 + 2} / span 6` }}>
              {String(hour).padStart(2, '0')}
            </span>
          ))}
        </div>
        {rows.map((row, rowIndex) => (
          <div key={rowIndex} className="wb-ctl-grid__row" role="row">
            <span className="wb-ctl-grid__day" role="rowheader">
              {dayName(rowIndex)}
            </span>
            {row.map((slot, slotIndex) => {
              const focused = cursor.day === rowIndex && cursor.slot === slotIndex;
              return (
                <div
                  key={slotIndex}
                  role="gridcell"
                  className={`wb-ctl-grid__cell${slot === 1 ? ' wb-ctl-grid__cell--on' : ''}${slotIndex % 2 === 0 ? ' wb-ctl-grid__cell--hour' : ''}`}
                  data-row={rowIndex}
                  data-slot={slotIndex}
                  aria-selected={slot === 1}
                  aria-label={t('control.schedule.cellLabel', {
                    day: dayName(rowIndex),
                    start: slotTime(slotIndex),
                    end: slotTime(slotIndex + 1),
                  })}
                  tabIndex={focused ? 0 : -1}
                  onFocus={() => setCursor({ day: rowIndex, slot: slotIndex })}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
