import type { AutoEntry, Schedule } from '@wattboard/contract';
import { emptyDay } from './timer-grid';
import type { Slot } from './timer-grid';

export type SwitchState = 'on' | 'off';

/** A signal day as the form holds it: water marks are the text a person typed. */
export interface SignalDraft {
  type: 'signal';
  /** 0 until a node is picked. */
  detectDeviceId: number;
  detectType: 'Consumption';
  highAction: SwitchState;
  highWaterMark: string;
  lowAction: SwitchState;
  lowWaterMark: string;
}

export type AutoDraft = { type: 'timer'; timer: Slot[] } | SignalDraft | { type: 'off' };
export type AutoType = AutoDraft['type'];

/** What the schedule editor edits: the week's timer and the auto week. */
export interface ScheduleDraft {
  timer: Slot[][];
  auto: AutoDraft[];
}

/** "Infinity" for an infinite mark, so the text survives JSON; plain digits otherwise. */
export function markText(value: number): string {
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return String(value);
}

function autoDraftOf(entry: AutoEntry): AutoDraft {
  switch (entry.type) {
    case 'timer':
      return { type: 'timer', timer: entry.timer.map((slot) => slot as Slot) };
    case 'off':
      return { type: 'off' };
    case 'signal':
      return {
        ...entry,
        highWaterMark: markText(entry.highWaterMark),
        lowWaterMark: markText(entry.lowWaterMark),
      };
  }
}

/** The editor's starting point from the server's schedule. */
export function draftFromSchedule(schedule: Pick<Schedule, 'timer' | 'auto'>): ScheduleDraft {
  return {
    timer: schedule.timer.map((row) => row.map((slot) => slot as Slot)),
    auto: schedule.auto.map(autoDraftOf),
  };
}

/**
 * A day entry switched to another type. A new timer day starts from the
 * week timer's row for that day; a new signal day has no node and no marks
 * yet (the person must choose them: validation says so), high → off and
 * low → on, the usual way to shed a load while the factory draws a lot.
 */
export function changeAutoType(
  entry: AutoDraft,
  type: AutoType,
  timerRow?: readonly Slot[],
): AutoDraft {
  if (entry.type === type) return entry;
  switch (type) {
    case 'timer':
      return { type: 'timer', timer: timerRow ? [...timerRow] : emptyDay() };
    case 'off':
      return { type: 'off' };
    case 'signal':
      return {
        type: 'signal',
        detectDeviceId: 0,
        detectType: 'Consumption',
        highAction: 'off',
        highWaterMark: '',
        lowAction: 'on',
        lowWaterMark: '',
      };
  }
}

/** Replaces day `day` of the auto week. */
export function withAutoEntry(
  auto: readonly AutoDraft[],
  day: number,
  entry: AutoDraft,
): AutoDraft[] {
  return auto.map((current, index) => (index === day ? entry : current));
}

/** True when the two drafts describe the same schedule. */
export function sameDraft(a: ScheduleDraft, b: ScheduleDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The wire form of the auto week (water marks stay text; the contract parses them). */
export function autoWire(auto: readonly AutoDraft[]): unknown[] {
  return auto.map((entry) =>
    entry.type === 'timer' ? { type: 'timer', timer: [...entry.timer] } : entry,
  );
}

/**
 * Only the parts that changed (the update call is partial): `timer` when the
 * week's timer differs, `auto` when the auto week does; undefined when nothing did.
 */
export function scheduleChanges(
  draft: ScheduleDraft,
  saved: ScheduleDraft,
): { timer?: Slot[][]; auto?: unknown[] } | undefined {
  const changes: { timer?: Slot[][]; auto?: unknown[] } = {};
  if (JSON.stringify(draft.timer) !== JSON.stringify(saved.timer)) changes.timer = draft.timer;
  if (JSON.stringify(draft.auto) !== JSON.stringify(saved.auto))
    changes.auto = autoWire(draft.auto);
  return Object.keys(changes).length > 0 ? changes : undefined;
}
