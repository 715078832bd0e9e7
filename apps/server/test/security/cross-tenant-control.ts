import { StatusCode } from '@wattboard/contract';
import { FACTORY, MISSING, type CrossTenantRequest } from './case-kit.ts';
import type { Tenants } from './tenants.ts';

const GROUP = '/v1/Channel/Group';
const UPDATE = '/v1/Channel/Group/Update';
const SCHEDULE = '/v1/Channel/Schedule';

const post = (url: string, body: Record<string, unknown>, expect: CrossTenantRequest['expect']) =>
  ({ method: 'POST', url, body, expect }) as const;

/** A day's auto entry that watches `detectDeviceId`. */
const watching = (detectDeviceId: number) => ({
  type: 'signal',
  detectDeviceId,
  detectType: 'Consumption',
  highAction: 'off',
  highWaterMark: 80,
  lowAction: 'on',
  lowWaterMark: 40,
});

/**
 * Control (issue #12): B's group and channel by id, A's channel moved into
 * B's group, A's channel watching B's meter, and B's factoryId on each call.
 */
export function controlCases(t: Tenants): Record<string, CrossTenantRequest[]> {
  const { a, b } = t;
  const groupStatus = `${UPDATE}?action=updateGroupStatus`;
  const channelInfo = `${UPDATE}?action=updateChannelInfo`;
  const channelStatus = `${UPDATE}?action=updateChannelStatus`;
  return {
    [`POST ${GROUP}`]: [
      post(GROUP, { factoryId: b.factoryId }, FACTORY),
      post(GROUP, { factoryId: 0 }, 'own'),
    ],
    [`POST ${UPDATE}`]: [
      post(groupStatus, { groupUpdateList: [{ channelGroupId: b.groupId, isOn: false }] }, MISSING),
      post(
        groupStatus,
        { factoryId: b.factoryId, groupUpdateList: [{ channelGroupId: b.groupId, isOn: false }] },
        FACTORY,
      ),
      post(
        channelInfo,
        {
          channelUpdateList: [
            { channelScheduleId: b.channelId, channelGroupId: a.groupId, action: 'on' },
          ],
        },
        MISSING,
      ),
      post(
        channelInfo,
        {
          channelUpdateList: [
            { channelScheduleId: a.channelId, channelGroupId: b.groupId, action: 'off' },
          ],
        },
        MISSING,
      ),
      post(
        channelStatus,
        { channelUpdateList: [{ channelScheduleId: b.channelId, action: 'on' }] },
        MISSING,
      ),
      post(
        channelStatus,
        {
          factoryId: b.factoryId,
          channelUpdateList: [{ channelScheduleId: b.channelId, action: 'on' }],
        },
        FACTORY,
      ),
    ],
    [`POST ${SCHEDULE}`]: [
      post(SCHEDULE, { channelScheduleId: b.channelId }, MISSING),
      post(SCHEDULE, { factoryId: b.factoryId, channelScheduleId: b.channelId }, FACTORY),
    ],
    [`POST ${SCHEDULE}/Update`]: [
      post(
        `${SCHEDULE}/Update`,
        { channelScheduleId: b.channelId, scheduleUpdate: { on: true } },
        MISSING,
      ),
      post(
        `${SCHEDULE}/Update`,
        { factoryId: b.factoryId, channelScheduleId: b.channelId, scheduleUpdate: { on: true } },
        FACTORY,
      ),
      // A's own channel may not watch B's meter.
      post(
        `${SCHEDULE}/Update`,
        {
          channelScheduleId: a.channelId,
          scheduleUpdate: { auto: Array.from({ length: 7 }, () => watching(b.meterId)) },
        },
        [...MISSING, StatusCode.Fail],
      ),
    ],
  };
}
