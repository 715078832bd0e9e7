import type { SelectedOption } from '@wattboard/contract';
import { recordAudit, SCHEDULER_ACTOR } from '../../audit/index.ts';
import type { Queryable } from '../../../platform/db/db.ts';
import { CONFIRM_TIMEOUT_MS, type CommandReason } from '../calc/plan-command.ts';
import type { SwitchState } from '../calc/wanted-state.ts';

/** A command on its way to a device (MQTT payload or the simulator's input). */
export interface OutgoingCommand {
  commandId: number;
  factoryId: number;
  channelId: number;
  nodeId: number | null;
  state: SwitchState;
  /** IR channels: the options to apply with it. */
  options: SelectedOption | null;
}

const iso = (t: number) => new Date(t).toISOString();

/** Records a command as sent (and the wish behind it) with its audit row, in one transaction. */
export async function recordCommand(
  tx: Queryable,
  command: Omit<OutgoingCommand, 'commandId'>,
  reason: CommandReason,
  now: number,
): Promise<OutgoingCommand> {
  const rows = await tx.query<{ id: string | number }>(
    `INSERT INTO commands (factory_id, channel_schedule_id, state, payload, reason, status, created_at, sent_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, 'sent', $6::timestamptz, $6::timestamptz) RETURNING id`,
    [
      command.factoryId,
      command.channelId,
      command.state,
      JSON.stringify({ state: command.state, options: command.options }),
      reason,
      iso(now),
    ],
  );
  const commandId = Number(rows[0]?.id);
  await tx.query(
    `UPDATE channel_schedules SET desired_state = $3, last_switched_at = $4::timestamptz
      WHERE factory_id = $1 AND id = $2`,
    [command.factoryId, command.channelId, command.state, iso(now)],
  );
  await recordAudit(tx, {
    factoryId: command.factoryId,
    actor: SCHEDULER_ACTOR,
    action: 'control.command',
    target: { type: 'channel', id: command.channelId },
    detail: { commandId, state: command.state, reason, options: command.options },
  });
  return { ...command, commandId };
}

/** Remembers a wish that needs no command (a signal deciding while the device already agrees). */
export async function recordWanted(
  tx: Queryable,
  factoryId: number,
  channelId: number,
  state: SwitchState,
) {
  await tx.query(
    `UPDATE channel_schedules SET desired_state = $3 WHERE factory_id = $1 AND id = $2
        AND desired_state IS DISTINCT FROM $3`,
    [factoryId, channelId, state],
  );
}

/** Commands of the factory still waiting for their confirmation, by channel (newest per channel). */
export async function pendingCommands(
  db: Queryable,
  factoryId: number,
): Promise<Map<number, number>> {
  const rows = await db.query<{ channel: number; sent_at: Date }>(
    `SELECT channel_schedule_id AS channel, max(sent_at) AS sent_at FROM commands
      WHERE factory_id = $1 AND status = 'sent' GROUP BY channel_schedule_id`,
    [factoryId],
  );
  return new Map(rows.map((row) => [row.channel, new Date(row.sent_at).getTime()]));
}

/**
 * Commands unconfirmed for 60 s time out and their channels go offline,
 * with an audit row each. Returns the channels now offline.
 */
export async function expireCommands(
  tx: Queryable,
  factoryId: number,
  now: number,
): Promise<number[]> {
  const rows = await tx.query<{ id: string | number; channel: number }>(
    `UPDATE commands SET status = 'timeout'
      WHERE factory_id = $1 AND status = 'sent' AND sent_at <= $2::timestamptz
     RETURNING id, channel_schedule_id AS channel`,
    [factoryId, iso(now - CONFIRM_TIMEOUT_MS)],
  );
  for (const row of rows) {
    await tx.query(
      `UPDATE channel_schedules SET status = 'offline' WHERE factory_id = $1 AND id = $2`,
      [factoryId, row.channel],
    );
    await recordAudit(tx, {
      factoryId,
      actor: SCHEDULER_ACTOR,
      action: 'control.command.timeout',
      target: { type: 'channel', id: row.channel },
      detail: { commandId: Number(row.id) },
    });
  }
  return [...new Set(rows.map((row) => row.channel))];
}
