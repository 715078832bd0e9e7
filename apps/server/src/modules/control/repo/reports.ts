import type { SelectedOption } from '@wattboard/contract';
import { recordAudit, SYSTEM_ACTOR } from '../../audit/index.ts';
import type { Queryable } from '../../../platform/db/db.ts';
import type { SwitchState } from '../calc/wanted-state.ts';

/** What a device said: the state it is in, and the command it answers when it names one. */
export interface DeviceReport {
  factoryId: number;
  channelId: number;
  commandId: number | null;
  state: SwitchState;
  at: number;
}

export type ReportOutcome = 'confirmed' | 'refused' | 'status' | 'unknown';

/**
 * A device's report: a matching answer confirms the command and
 * the options it carried; another state marks the command failed with what was
 * reported; either way the channel's status becomes what the device says.
 * Reports for another factory's channel are ignored.
 */
export async function applyReport(tx: Queryable, report: DeviceReport): Promise<ReportOutcome> {
  const at = new Date(report.at).toISOString();
  const channel = await tx.query<{ id: number }>(
    'SELECT id FROM channel_schedules WHERE factory_id = $1 AND id = $2 FOR UPDATE',
    [report.factoryId, report.channelId],
  );
  if (channel.length === 0) return 'unknown';
  let outcome: ReportOutcome = 'status';
  if (report.commandId !== null) {
    const rows = await tx.query<{
      state: SwitchState;
      payload: { options?: SelectedOption | null };
    }>(
      `SELECT state, payload FROM commands
        WHERE id = $1 AND factory_id = $2 AND channel_schedule_id = $3 AND status IN ('sent', 'timeout')
        FOR UPDATE`,
      [report.commandId, report.factoryId, report.channelId],
    );
    const command = rows[0];
    if (command && command.state === report.state) {
      outcome = 'confirmed';
      await tx.query(
        `UPDATE commands SET status = 'confirmed', confirmed_at = $2::timestamptz WHERE id = $1`,
        [report.commandId, at],
      );
      if (command.payload.options) {
        await tx.query('UPDATE channel_schedules SET applied_option = $2::jsonb WHERE id = $1', [
          report.channelId,
          JSON.stringify(command.payload.options),
        ]);
      }
    } else if (command) {
      outcome = 'refused';
      await tx.query(`UPDATE commands SET status = 'failed', reported_state = $2 WHERE id = $1`, [
        report.commandId,
        report.state,
      ]);
      await recordAudit(tx, {
        factoryId: report.factoryId,
        actor: SYSTEM_ACTOR,
        action: 'control.command.refused',
        target: { type: 'channel', id: report.channelId },
        detail: { commandId: report.commandId, asked: command.state, reported: report.state },
      });
    }
  }
  await tx.query(
    `UPDATE channel_schedules SET status = $3, status_reported_at = $4::timestamptz
      WHERE factory_id = $1 AND id = $2`,
    [report.factoryId, report.channelId, report.state, at],
  );
  return outcome;
}
