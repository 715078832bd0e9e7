import { scheduleUpdate } from '@wattboard/contract';
import type { ScheduleDraft } from './schedule-draft';
import { autoWire } from './schedule-draft';

/** One problem of the draft: where, the contract's English text, and its translation key. */
export interface DraftProblem {
  /** e.g. "auto.2.lowWaterMark", "timer.3". */
  path: string;
  message: string;
  key: string;
}

/** The contract's messages (control-schedule.ts, input.ts) and the keys that translate them. */
const KNOWN_MESSAGES: [RegExp, string][] = [
  [/lowWaterMark must be below highWaterMark/, 'control.validation.lowBelowHigh'],
  [/^Expected a number/, 'control.validation.number'],
  [/timer day has exactly/, 'control.validation.slots'],
  [/timer has exactly/, 'control.validation.days'],
  [/auto schedule has exactly/, 'control.validation.autoDays'],
  [/timer slot is 0/, 'control.validation.slot'],
];

export const DETECT_NODE_MESSAGE = 'Choose the node whose consumption is watched';

function keyFor(message: string): string {
  return (
    KNOWN_MESSAGES.find(([pattern]) => pattern.test(message))?.[1] ?? 'control.validation.other'
  );
}

/**
 * Checks the draft with the contract's own schema (the server applies the
 * same one), plus what only the form knows: a signal day without a picked
 * node. Empty when the draft can be saved.
 */
export function validateDraft(draft: ScheduleDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const parsed = scheduleUpdate.safeParse({ timer: draft.timer, auto: autoWire(draft.auto) });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push({
        path: issue.path.join('.'),
        message: issue.message,
        key: keyFor(issue.message),
      });
    }
  }
  draft.auto.forEach((entry, day) => {
    if (entry.type === 'signal' && entry.detectDeviceId <= 0) {
      problems.push({
        path: `auto.${day}.detectDeviceId`,
        message: DETECT_NODE_MESSAGE,
        key: 'control.validation.detectNode',
      });
    }
  });
  return problems;
}

/** The problems of one field (or of everything under a path prefix). */
export function problemsAt(problems: readonly DraftProblem[], path: string): DraftProblem[] {
  return problems.filter((p) => p.path === path || p.path.startsWith(`${path}.`));
}
