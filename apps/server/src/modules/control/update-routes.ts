import type { z } from 'zod';
import {
  channelGroupUpdateChannelStatus,
  channelGroupUpdateInfo,
  channelGroupUpdateStatus,
} from '@wattboard/contract';
import type { AuditActor } from '../audit/index.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { updateChannelInfo, updateChannelStatus, updateGroupStatus } from './repo/group-updates.ts';
import type { ControlOutcome } from './repo/outcome.ts';

/**
 * POST /v1/Channel/Group/Update?action=…: one path, three calls. The
 * query's action picks the request schema the body must match.
 */
export const UPDATE_CALLS = {
  updateGroupStatus: channelGroupUpdateStatus,
  updateChannelInfo: channelGroupUpdateInfo,
  updateChannelStatus: channelGroupUpdateChannelStatus,
} as const;
export type UpdateAction = keyof typeof UPDATE_CALLS;
export const UPDATE_ACTIONS = Object.keys(UPDATE_CALLS) as [UpdateAction, ...UpdateAction[]];

type UpdateWork = (tx: Queryable, factoryId: number, actor: AuditActor) => Promise<ControlOutcome>;
type ParsedUpdate =
  | { success: false; error: z.ZodError }
  | { success: true; data: { factoryId: number }; work: UpdateWork };

/** Checks the body against the schema the query's action selects, and binds its change. */
export function parseUpdate(action: UpdateAction, body: unknown): ParsedUpdate {
  if (action === 'updateGroupStatus') {
    const parsed = UPDATE_CALLS.updateGroupStatus.request.safeParse(body);
    if (!parsed.success) return parsed;
    const list = parsed.data.groupUpdateList;
    return { ...parsed, work: (tx, id, actor) => updateGroupStatus(tx, id, actor, list) };
  }
  if (action === 'updateChannelInfo') {
    const parsed = UPDATE_CALLS.updateChannelInfo.request.safeParse(body);
    if (!parsed.success) return parsed;
    const list = parsed.data.channelUpdateList;
    return { ...parsed, work: (tx, id, actor) => updateChannelInfo(tx, id, actor, list) };
  }
  const parsed = UPDATE_CALLS.updateChannelStatus.request.safeParse(body);
  if (!parsed.success) return parsed;
  const list = parsed.data.channelUpdateList;
  return { ...parsed, work: (tx, id, actor) => updateChannelStatus(tx, id, actor, list) };
}
