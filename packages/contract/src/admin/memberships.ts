import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withRequestEnvelope, withResponseEnvelope } from '../envelope.ts';
import { inputId } from '../input.ts';
import { effectiveRole, userRole } from '../roles.ts';
import { adminUser } from './users.ts';
import { adminRequest } from './common.ts';

/**
 * Several plants per person (issue #30, decision 0089). A person has one
 * login (one e-mail) and a membership with a role in each factory they belong
 * to; the session looks at one of them at a time, the one `factoryId` 0 means.
 */
export const myFactory = z.object({
  factoryId: z.number().int(),
  name: z.string(),
  nameZh: z.string(),
  /** What the person may do there: `admin` in the Admin user's own factory, else the membership's role. */
  role: effectiveRole,
  /** The factory this session is looking at. */
  current: z.boolean(),
});
export type MyFactory = z.infer<typeof myFactory>;

/** The factories the signed-in person belongs to, by name; the switcher's list. */
export const userFactoriesRequest = withRequestEnvelope({});
export const userFactoriesResponse = withResponseEnvelope({ factories: z.array(myFactory) });
export type UserFactoriesResponse = z.infer<typeof userFactoriesResponse>;

export const userFactories = defineCall({
  method: 'POST',
  path: '/v1/User/Factories',
  auth: true,
  request: userFactoriesRequest,
  response: userFactoriesResponse,
});

/**
 * Makes this session look at another of the person's factories: from the
 * next call on, `factoryId` 0 and every check (tenant, role) are that
 * factory's. The session's live connections are closed (the client connects
 * again and gets the new factory's events). A factory the person does not
 * belong to answers 1008 FactoryNotFound and changes nothing.
 */
export const userSwitchFactoryRequest = withRequestEnvelope({
  toFactoryId: inputId.refine((id) => id > 0, 'toFactoryId must be a factory id (1 or more)'),
});
export const userSwitchFactoryResponse = withResponseEnvelope({ factory: myFactory });
export type UserSwitchFactoryResponse = z.infer<typeof userSwitchFactoryResponse>;

export const userSwitchFactory = defineCall({
  method: 'POST',
  path: '/v1/User/SwitchFactory',
  auth: true,
  request: userSwitchFactoryRequest,
  response: userSwitchFactoryResponse,
});

/**
 * Admin › Users: adds a person who already has an account (in another
 * factory) to this one, with a role here. Unknown e-mail: 1001; already a
 * member: 1000; a name a member here already has: 1000 with
 * ADMIN_MESSAGES.usernameTaken; another factory's Admin user: 201 Fail.
 * Audited as `member.add` (from null to the role).
 */
export const adminMemberAddRequest = adminRequest({
  userEmail: z
    .string({ error: 'userEmail is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('userEmail must be a valid e-mail address').max(254, 'userEmail is too long')),
  role: userRole.default('viewer'),
});
export const adminMemberAdd = defineCall({
  method: 'POST',
  path: '/v1/Admin/Member/Add',
  auth: true,
  request: adminMemberAddRequest,
  response: withResponseEnvelope({ user: adminUser }),
});

/**
 * Admin › Users: ends a person's access to this factory only (their account
 * and other factories stay). Only people whose account belongs to another
 * factory (`fromOtherFactory`); this factory's own people are disabled
 * instead (201 Fail). Their sessions looking at this factory end at once,
 * with their live connections. Audited as `member.remove` (from the role to null).
 */
export const adminMemberRemoveRequest = adminRequest({ userId: inputId });
export const adminMemberRemove = defineCall({
  method: 'POST',
  path: '/v1/Admin/Member/Remove',
  auth: true,
  request: adminMemberRemoveRequest,
  response: withResponseEnvelope({ userId: z.number().int(), endedSessions: z.number().int() }),
});
