import type { CallDefinition } from './call.ts';
import {
  announcementCreate,
  announcementLatestGet,
  announcementLatestPost,
} from './announcement.ts';
import { channelList } from './channel.ts';
import {
  channelGroup,
  channelGroupUpdateChannelStatus,
  channelGroupUpdateInfo,
  channelGroupUpdateStatus,
} from './control.ts';
import { channelSchedule, channelScheduleUpdate } from './control-schedule.ts';
import { testAlarm, testEmail } from './dev.ts';
import { emailReceiversGet, emailReceiversUpdate } from './email-receivers.ts';
import { eventResolve } from './event.ts';
import { ingestReadingsCall } from './ingest.ts';
import { consumptionQuery, monitorDevice, monitorPowerDetail } from './monitor.ts';
import { overview, overviewConsumeRatio, overviewPowerChart } from './overview.ts';
import { channelReport } from './report.ts';
import { alarmList, alarmUpdate } from './setting.ts';
import { signIn, signOut } from './user.ts';

/** The data calls, the two test-only calls and meter ingest, by name. */
export const calls = {
  signIn,
  signOut,
  channelGroup,
  channelGroupUpdateStatus,
  channelGroupUpdateInfo,
  channelGroupUpdateChannelStatus,
  channelSchedule,
  channelScheduleUpdate,
  monitorDevice,
  monitorPowerDetail,
  consumptionQuery,
  alarmList,
  alarmUpdate,
  overview,
  overviewConsumeRatio,
  overviewPowerChart,
  channelReport,
  channelList,
  announcementLatestGet,
  announcementLatestPost,
  announcementCreate,
  emailReceiversGet,
  emailReceiversUpdate,
  eventResolve,
  testAlarm,
  testEmail,
  ingestReadings: ingestReadingsCall,
} as const;
export type CallName = keyof typeof calls;

/** The registry the server registers routes from. */
export const allCalls: readonly CallDefinition[] = Object.values(calls);
