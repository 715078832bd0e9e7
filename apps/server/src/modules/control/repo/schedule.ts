import { DAYS_PER_WEEK, emptyWeeklyTimer } from '@wattboard/contract';
import type { z } from 'zod';
import type {
  scheduleUpdate,
  AutoEntry,
  OptionInfo,
  Schedule,
  SelectedOption,
} from '@wattboard/contract';
import { recordAudit, type AuditActor } from '../../audit/index.ts';
import type { Queryable } from '../../../platform/db/db.ts';
import { mergeSelectedOption } from '../calc/options.ts';
import { loadChannel, type ChannelRow } from './channel-rows.ts';
import { channelNotFound } from './group-updates.ts';
import { changed, ControlRefusal, invalid, notFound, type ControlOutcome } from './outcome.ts';

const NO_OPTIONS = { sets: [], conditions: [] };

/** What the channel offers (the schedule call's `optionInfo`). */
export function optionInfoOf(row: ChannelRow): OptionInfo {
  const ir = row.controlMethod === 'IR Control';
  return {
    channelTypeName: row.channelTypeName,
    optionSetting: row.optionSetting ?? NO_OPTIONS,
    controlMethod: {
      on: true,
      auto: { timer: true, signal: 'consumption', off: true },
      timer: true,
      offline: row.status === 'offline',
    },
    selectedOption: ir ? (row.selectedOption ?? {}) : null,
  };
}

/** The channel's schedule with defaults for parts never saved: an all-off week, 7 × off. */
export function scheduleOf(row: ChannelRow): Schedule {
  return {
    on: typeof row.on === 'boolean' ? row.on : null,
    offline: row.status === 'offline',
    timer: row.timer ?? emptyWeeklyTimer(),
    auto: row.auto ?? Array.from({ length: DAYS_PER_WEEK }, (): AutoEntry => ({ type: 'off' })),
  };
}

export type ScheduleUpdate = z.output<typeof scheduleUpdate>;

/** Every signal's detect node must be a node of the channel's factory. */
async function checkDetectNodes(tx: Queryable, factoryId: number, auto: readonly AutoEntry[]) {
  for (const [day, entry] of auto.entries()) {
    if (entry.type !== 'signal') continue;
    const rows = await tx.query('SELECT 1 FROM nodes WHERE factory_id = $1 AND id = $2', [
      factoryId,
      entry.detectDeviceId,
    ]);
    if (rows.length === 0) {
      const field = `scheduleUpdate.auto.${day}.detectDeviceId`;
      throw new ControlRefusal(notFound(`${field}: node ${entry.detectDeviceId} not found.`));
    }
  }
}

function mergedOptions(channel: ChannelRow, sent: SelectedOption): SelectedOption {
  const keys = Object.keys(sent).filter((key) => sent[key as keyof SelectedOption] !== undefined);
  if (channel.controlMethod !== 'IR Control' || !channel.optionSetting) {
    if (keys.length === 0) return {};
    throw new ControlRefusal(
      invalid(`selectedOption.${keys[0]}`, `this ${channel.controlMethod} channel has no options`),
    );
  }
  const merged = mergeSelectedOption(channel.optionSetting, channel.selectedOption, sent);
  if (!merged.ok) throw new ControlRefusal(invalid(merged.problem.field, merged.problem.message));
  return merged.selected;
}

/**
 * A partial schedule/option update of one channel: only the parts
 * sent change; `offline` is the device's state and is not written.
 */
export async function updateSchedule(
  tx: Queryable,
  factoryId: number,
  actor: AuditActor,
  channelId: number,
  selectedOption: SelectedOption | undefined,
  update: ScheduleUpdate | undefined,
): Promise<ControlOutcome> {
  const channel = await loadChannel(tx, factoryId, channelId, true);
  if (!channel)
    throw new ControlRefusal(notFound(`channelScheduleId: ${channelNotFound(channelId)}`));
  const sets: string[] = [];
  const params: unknown[] = [factoryId, channelId];
  const detail: Record<string, unknown> = {};
  const set = (column: string, value: unknown, key: string) => {
    params.push(JSON.stringify(value));
    sets.push(`${column} = $${params.length}::jsonb`);
    detail[key] = value;
  };
  if (selectedOption !== undefined) {
    set('selected_option', mergedOptions(channel, selectedOption), 'selectedOption');
  }
  if (update?.on !== undefined) set('on_schedule', update.on, 'on');
  if (update?.timer !== undefined) set('timer_schedule', update.timer, 'timer');
  if (update?.auto !== undefined) {
    await checkDetectNodes(tx, factoryId, update.auto);
    set('auto_schedule', update.auto, 'auto');
  }
  if (sets.length > 0) {
    await tx.query(
      `UPDATE channel_schedules SET ${sets.join(', ')} WHERE factory_id = $1 AND id = $2`,
      params,
    );
    await recordAudit(tx, {
      factoryId,
      actor,
      action: 'control.channel.schedule',
      target: { type: 'channel', id: channelId },
      detail,
    });
  }
  return changed([channel.groupId], [channelId]);
}
