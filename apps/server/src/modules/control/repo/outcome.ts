/** What a Control change did, or why it was refused (nothing is changed then). */
export type ControlFailure =
  | { ok: false; kind: 'notFound'; message: string }
  | { ok: false; kind: 'invalid'; field: string; message: string };
export type ControlOutcome =
  { ok: true; channelGroupIds: number[]; channelScheduleIds: number[] } | ControlFailure;

export const notFound = (message: string): ControlFailure => ({
  ok: false,
  kind: 'notFound',
  message,
});
export const invalid = (field: string, message: string): ControlFailure => ({
  ok: false,
  kind: 'invalid',
  field,
  message,
});
export const changed = (groupIds: number[], channelIds: number[]): ControlOutcome => ({
  ok: true,
  channelGroupIds: [...new Set(groupIds)],
  channelScheduleIds: [...new Set(channelIds)],
});

/** Thrown inside a transaction to roll it back with a refusal. */
export class ControlRefusal extends Error {
  readonly outcome: ControlFailure;
  constructor(outcome: ControlFailure) {
    super(outcome.message);
    this.outcome = outcome;
  }
}
