import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  roleAllows,
  roleForbiddenMessage,
  StatusCode,
  type UserRole,
} from '@wattboard/contract';
import type { Db } from '../../src/platform/db/db.ts';
import { hashPassword, scryptParams } from '../../src/modules/auth/password.ts';
import { permissionOfRoute } from '../../src/modules/auth/index.ts';
import { DEMO_USERS } from '../../src/modules/demo/demo-factory.ts';
import { signInAs } from '../helpers/test-app.ts';
import type { CrossTenantRequest } from './case-kit.ts';
import { routeKey, type RouteEntry } from './route-inventory.ts';
import type { Session } from './tenant-extras.ts';

/**
 * Routes no person's session reaches, and why: the role gate is for signed-in
 * people; these answer to no one, a gateway key or a link's own token.
 */
export const NOT_SESSION_ROUTES: Readonly<Record<string, string>> = {
  'POST /User/SignIn': 'signing in: no session yet',
  'GET /v1/Web/Announcement/Latest': 'public: the latest announcement',
  'POST /api/v1/Web/Announcement/Latest': 'public: the latest announcement',
  'POST /v1/Ingest/Readings': "a gateway's key",
  'GET /v1/Gateway/Config': "a gateway's key",
  'POST /v1/Gateway/Health': "a gateway's key",
  'GET /v1/Gateway/ReadNow/Next': "a gateway's key",
  'POST /v1/Gateway/ReadNow/Result': "a gateway's key",
  'GET /v1/Event/ClearLink': "an alarm e-mail's single-use link",
  'POST /v1/Event/ClearLink': "an alarm e-mail's single-use link",
  'GET /v1/Report/File': "a report message's signed 7-day link",
  'POST /v1/Line/Webhook/:destinationId': "LINE's signed callback",
  'GET /metrics': "the operator's scrape token",
  'GET /healthz': 'liveness, no data',
  'GET /readyz': 'readiness, no data',
  'GET /docs': 'the OpenAPI page, no data',
  'GET /docs/json': 'the OpenAPI document, no data',
  'GET /docs/yaml': 'the OpenAPI document, no data',
  'POST /notificationHub/negotiate': 'the hub: every role may watch (view), checked in negotiate',
  'GET /notificationHub': 'the hub: every role may watch (view), checked on upgrade',
};

/** Signs in a person of each role of factory A (the demo): the seeded viewer, an operator, the demo manager. */
export async function roleSessions(
  app: FastifyInstance,
  db: Db,
  factoryId: number,
): Promise<Record<UserRole, Session>> {
  const password = 'operator-password-42';
  const added = await db.query<{ id: number }>(
    `INSERT INTO users (factory_id, email, username, password_hash)
     VALUES ($1, 'operator@demo.example', 'operator', $2) RETURNING id`,
    [factoryId, await hashPassword(password, scryptParams(10))],
  );
  await db.query(
    `UPDATE factory_memberships SET role = 'operator' WHERE factory_id = $1 AND user_id = $2`,
    [factoryId, added[0]!.id],
  );
  const [demo, , viewer] = DEMO_USERS;
  const session = async (account: { email: string; password: string }) => {
    const signedIn = await signInAs(app, account);
    return { email: signedIn.email, token: signedIn.token };
  };
  return {
    viewer: await session(viewer),
    operator: await session({ email: 'operator@demo.example', password }),
    manager: await session(demo),
  };
}

export interface RoleCheck {
  key: string;
  role: UserRole;
  request: CrossTenantRequest;
  /** What the answer must be: refused for the role, or anything but that refusal. */
  refusal: { http: number; message: string } | null;
}

/**
 * For every signed-in route and every role, one request a person of that role
 * sends (the route's first cross-tenant case that rides the caller's session)
 * and the refusal it must get, if any. A route without a permission rule is
 * listed as `missing` and fails the suite.
 */
export function roleChecks(
  routes: readonly RouteEntry[],
  cases: Record<string, CrossTenantRequest[]>,
  excluded: Readonly<Record<string, string>>,
): { checks: RoleCheck[]; missing: string[] } {
  const checks: RoleCheck[] = [];
  const missing: string[] = [];
  for (const route of routes) {
    const key = routeKey(route);
    if (key in excluded || key in NOT_SESSION_ROUTES) continue;
    const permission = permissionOfRoute(route.method, route.url);
    if (permission === undefined) {
      missing.push(key);
      continue;
    }
    const request = (cases[key] ?? []).find((r) => !r.raw && r.authorization === undefined);
    if (!request) continue;
    for (const role of ['viewer', 'operator', 'manager'] as const) {
      const allowed = roleAllows(role, permission);
      const message =
        permission === 'administer'
          ? ADMIN_MESSAGES.forbidden
          : roleForbiddenMessage(role, permission);
      checks.push({
        key,
        role,
        request: { ...request, as: 'user' },
        refusal: allowed ? null : { http: 403, message },
      });
    }
  }
  return { checks, missing };
}

/** The refusal an answer carries, in the shape the gate sends it. */
export function refusalOf(response: { statusCode: number; body: string }) {
  if (response.statusCode !== 403) return null;
  const body = JSON.parse(response.body) as { statusCode?: number; message?: string };
  return body.statusCode === StatusCode.Fail ? { http: 403, message: body.message ?? '' } : null;
}
