import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/platform/db/db.ts';
import { hashPassword, scryptParams } from '../../src/modules/auth/password.ts';
import { postJson, signInAs } from '../helpers/test-app.ts';
import type { CrossTenantRequest } from './case-kit.ts';
import type { Session, Tenants } from './tenants.ts';

/** Someone whose account is factory B's and who also belongs to A (decision 0089). */
export const SWITCHER = { email: 'switcher@plants.example', password: 'switcher-password-42' };

/**
 * The switcher's session, signed in at home (B, as a manager) and then
 * switched to A, where they are a manager too: from here on, every call of
 * the cross-tenant walk sent with this session must find none of B's data,
 * by `factoryId` 0 or by B's ids, exactly as A's own user does.
 */
export async function switchedSession(
  app: FastifyInstance,
  db: Db,
  tenants: Tenants,
): Promise<Session> {
  const added = await db.query<{ id: number }>(
    `INSERT INTO users (factory_id, email, username, password_hash)
     VALUES ($1, $2, 'switcher', $3) RETURNING id`,
    [tenants.b.factoryId, SWITCHER.email, await hashPassword(SWITCHER.password, scryptParams(10))],
  );
  const userId = added[0]!.id;
  await db.query(
    `UPDATE factory_memberships SET role = 'manager' WHERE factory_id = $1 AND user_id = $2`,
    [tenants.b.factoryId, userId],
  );
  await db.query(
    `INSERT INTO factory_memberships (factory_id, user_id, role) VALUES ($1, $2, 'manager')`,
    [tenants.a.factoryId, userId],
  );
  const { token } = await signInAs(app, SWITCHER);
  const switched = await postJson(
    app,
    '/v1/User/SwitchFactory',
    { email: SWITCHER.email, action: '/v1/User/SwitchFactory', toFactoryId: tenants.a.factoryId },
    { authorization: `Bearer ${token}` },
  );
  if (switched.json<{ statusCode: number }>().statusCode !== 200) {
    throw new Error(`the switch to A failed: ${switched.body}`);
  }
  return { email: SWITCHER.email, token };
}

/**
 * Routes the switched walk leaves out, and why: everything else is sent with
 * the switched session and held to the same expectations as A's own user.
 */
export const NOT_IN_SWITCHED_WALK: Readonly<Record<string, string>> = {
  'POST /v1/User/Factories': "lists the person's own factories, B among them, by design",
  'POST /v1/User/SwitchFactory':
    'the person belongs to B, so switching back is allowed (the walk covers A-only users)',
  'POST /User/SignOut': 'would end the session the rest of the walk uses',
};

/**
 * The walk's requests that A's plain user sends with its session: the Admin's
 * go with A's Admin (not switched), and those with credentials of their own
 * (none, a gateway key, a link) do not carry a session at all. An answer of
 * A's own data may differ from the first walk's (that walk changed A's data,
 * e.g. made A's announcement): the suite holds it to 200 or 204, and holds
 * refusals and the markers exactly.
 */
export function switchedWalk(
  cases: Record<string, CrossTenantRequest[]>,
): [string, CrossTenantRequest][] {
  return Object.entries(cases)
    .filter(([key]) => !(key in NOT_IN_SWITCHED_WALK))
    .flatMap(([key, requests]) =>
      requests
        .filter((request) => request.as !== 'admin' && request.authorization === undefined)
        .map((request): [string, CrossTenantRequest] => [key, request]),
    );
}
