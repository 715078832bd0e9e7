import type { ChannelAction } from '@wattboard/contract';
import { recordAudit, type AuditActor } from '../../audit/index.ts';
import type { Queryable } from '../../../platform/db/db.ts';
import { loadChannel } from './channel-rows.ts';
import { changed, ControlRefusal, invalid, notFound, type ControlOutcome } from './outcome.ts';

export const groupNotFound = (id: number) => `Channel group ${id} not found.`;
export const channelNotFound = (id: number) => `Channel ${id} not found.`;

async function lockGroup(tx: Queryable, factoryId: number, groupId: number, field: string) {
  const rows = await tx.query<{ isOn: boolean; controlMethod: string }>(
    `SELECT is_on AS "isOn", control_method AS "controlMethod" FROM channel_groups
      WHERE factory_id = $1 AND id = $2 FOR UPDATE`,
    [factoryId, groupId],
  );
  const group = rows[0];
  if (!group) throw new ControlRefusal(notFound(`${field}: ${groupNotFound(groupId)}`));
  return group;
}

async function lockChannel(tx: Queryable, factoryId: number, channelId: number, field: string) {
  const channel = await loadChannel(tx, factoryId, channelId, true);
  if (!channel) throw new ControlRefusal(notFound(`${field}: ${channelNotFound(channelId)}`));
  return channel;
}

/** Master switches: a group's isOn (off forces every channel in it off). */
export async function updateGroupStatus(
  tx: Queryable,
  factoryId: number,
  actor: AuditActor,
  list: ReadonlyArray<{ channelGroupId: number; isOn: boolean }>,
): Promise<ControlOutcome> {
  for (const [index, item] of list.entries()) {
    const field = `groupUpdateList.${index}.channelGroupId`;
    const group = await lockGroup(tx, factoryId, item.channelGroupId, field);
    if (group.isOn === item.isOn) continue;
    await tx.query('UPDATE channel_groups SET is_on = $3 WHERE factory_id = $1 AND id = $2', [
      factoryId,
      item.channelGroupId,
      item.isOn,
    ]);
    await recordAudit(tx, {
      factoryId,
      actor,
      action: 'control.group.switch',
      target: { type: 'channel-group', id: item.channelGroupId },
      detail: { from: group.isOn, to: item.isOn },
    });
  }
  return changed(
    list.map((item) => item.channelGroupId),
    [],
  );
}

async function setAction(
  tx: Queryable,
  factoryId: number,
  actor: AuditActor,
  channelId: number,
  from: ChannelAction,
  to: ChannelAction,
) {
  if (from === to) return;
  await tx.query('UPDATE channel_schedules SET action = $3 WHERE factory_id = $1 AND id = $2', [
    factoryId,
    channelId,
    to,
  ]);
  await recordAudit(tx, {
    factoryId,
    actor,
    action: 'control.channel.action',
    target: { type: 'channel', id: channelId },
    detail: { from, to },
  });
}

/** A channel's action (on / auto / timer / off). */
export async function updateChannelStatus(
  tx: Queryable,
  factoryId: number,
  actor: AuditActor,
  list: ReadonlyArray<{ channelScheduleId: number; action: ChannelAction }>,
): Promise<ControlOutcome> {
  const groups: number[] = [];
  for (const [index, item] of list.entries()) {
    const field = `channelUpdateList.${index}.channelScheduleId`;
    const channel = await lockChannel(tx, factoryId, item.channelScheduleId, field);
    groups.push(channel.groupId);
    await setAction(tx, factoryId, actor, channel.id, channel.action, item.action);
  }
  return changed(
    groups,
    list.map((item) => item.channelScheduleId),
  );
}

/** Moves channels between groups of the same control method and sets their action. */
export async function updateChannelInfo(
  tx: Queryable,
  factoryId: number,
  actor: AuditActor,
  list: ReadonlyArray<{ channelScheduleId: number; channelGroupId: number; action: ChannelAction }>,
): Promise<ControlOutcome> {
  const groups: number[] = [];
  for (const [index, item] of list.entries()) {
    const prefix = `channelUpdateList.${index}`;
    const channel = await lockChannel(
      tx,
      factoryId,
      item.channelScheduleId,
      `${prefix}.channelScheduleId`,
    );
    const target = await lockGroup(tx, factoryId, item.channelGroupId, `${prefix}.channelGroupId`);
    if (target.controlMethod !== channel.controlMethod) {
      const message = `a ${target.controlMethod} group cannot take a ${channel.controlMethod} channel`;
      throw new ControlRefusal(invalid(`${prefix}.channelGroupId`, message));
    }
    groups.push(channel.groupId, item.channelGroupId);
    if (channel.groupId !== item.channelGroupId) {
      await tx.query(
        'UPDATE channel_schedules SET channel_group_id = $3 WHERE factory_id = $1 AND id = $2',
        [factoryId, channel.id, item.channelGroupId],
      );
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'control.channel.group',
        target: { type: 'channel', id: channel.id },
        detail: { from: channel.groupId, to: item.channelGroupId },
      });
    }
    await setAction(tx, factoryId, actor, channel.id, channel.action, item.action);
  }
  return changed(
    groups,
    list.map((item) => item.channelScheduleId),
  );
}
