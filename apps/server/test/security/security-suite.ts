import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import type { Backend } from '../helpers/backends.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { crossTenantCases, type CrossTenantRequest } from './cross-tenant-cases.ts';
import { fuzzRoutes } from './fuzz-pass.ts';
import { EXCLUDED_ROUTES, registeredRoutes, routeKey, type RouteEntry } from './route-inventory.ts';
import { refusalOf, roleChecks, roleSessions } from './role-walk.ts';
import { setUpTenants, snapshotOf, type Session, type Tenants } from './tenants.ts';
import { switchedSession, switchedWalk } from './switch-walk.ts';
import type { UserRole } from '@wattboard/contract';

/** Strings only factory B's data contains; one in an answer to A is a leak (unless A sent it). */
const B_MARKERS = [
  'Zeta Secret Works',
  'Zeta hook',
  'zeta-secret-key',
  'Zeta meter',
  'Zeta 電表',
  'zeta-secret.example',
  'zeta-boss',
  'Zeta notice',
  'Zeta secret announcement',
  'Zeta Receiver',
  'Zeta 秘密工廠',
  'ZETA-M01',
  'Zeta group',
  'Zeta relay',
  'Zeta channel',
  'Zeta 頻道',
  'Zeta command',
  'Zeta mail',
  'Zeta secret body',
  'Zeta error',
  'Zeta audit',
  'Zeta job',
  'Zeta factor source',
];

/**
 * The security suite on one database: every route cross-tenant, every role, fuzzed input. A
 * test file per database (security-pglite.test.ts, security-postgres.test.ts), so the two run
 * side by side: on PostgreSQL the fuzz alone takes about 90 s.
 */
export function securitySuite(backend: Backend): void {
  describe(`security suite on ${backend}`, () => {
    let t: TestApp;
    let tenants: Tenants;
    let bBefore: string;
    let routes: RouteEntry[];
    /** A B node's id under a node-id key of an answer: a leak that names no marker. */
    let bNodeId: RegExp;
    let roles: Record<UserRole, Session>;
    /** A person of B and A, switched from B to A (decision 0089). */
    let switcher: Session;

    beforeAll(async () => {
      t = await startTestApp(backend, { SIMULATOR: 'off', DEV_TOOLS: '1' });
      tenants = await setUpTenants(t.app, t.testDb.db);
      switcher = await switchedSession(t.app, t.testDb.db, tenants);
      await t.app.readingsFeed.idle();
      bBefore = await snapshotOf(t.testDb.db, tenants.b.factoryId);
      routes = registeredRoutes(t.app);
      roles = await roleSessions(t.app, t.testDb.db, tenants.a.factoryId);
      const bNodes = await t.testDb.db.query<{ id: number }>(
        'SELECT id FROM nodes WHERE factory_id = $1',
        [tenants.b.factoryId],
      );
      const ids = bNodes.map((node) => node.id).join('|');
      bNodeId = new RegExp(
        `"(id|channelId|smartmeterId|nodeId|deviceId|detectDeviceId|parentId)":"?(${ids})"?[,}]`,
      );
    }, 180_000);
    afterAll(() => t?.close());

    function send(request: CrossTenantRequest, as?: Session): Promise<LightMyRequestResponse> {
      const session = as ?? (request.as === 'admin' ? tenants.a.admin : tenants.a.session);
      const authorization =
        request.authorization === undefined ? `Bearer ${session.token}` : request.authorization;
      const envelope = { email: session.email, action: request.url, token: session.token };
      const body =
        request.method === 'POST'
          ? request.raw
            ? request.body
            : { ...envelope, ...request.body }
          : undefined;
      return t.app.inject({
        method: request.method,
        url: request.url,
        headers: authorization ? { authorization } : {},
        ...(body !== undefined ? { payload: body } : {}),
      });
    }

    it('knows every registered route: each is called cross-tenant or excluded with a reason', () => {
      const keys = routes.map(routeKey);
      expect(keys.length).toBeGreaterThan(15);
      const cases = crossTenantCases(tenants);
      expect(keys.filter((key) => !(key in cases) && !(key in EXCLUDED_ROUTES))).toEqual([]);
      expect(Object.keys(cases).filter((key) => !keys.includes(key))).toEqual([]);
    });

    /** Sends each request and holds its answer to the case: refused or A's data only, never B's. */
    async function walk(entries: [string, CrossTenantRequest][], as?: Session): Promise<number> {
      let requests = 0;
      for (const [key, request] of entries) {
        const response = await send(request, as);
        requests += 1;
        const what = `${key} ${as ? 'switched' : (request.as ?? 'user')} ${request.url} ${JSON.stringify(request.body ?? {})}`;
        if (as && request.expect === 'own') {
          // The switched walk: A's own data, which the walks before may have changed (200 or 204).
          expect
            .soft([200, 204], `${what} → ${response.body.slice(0, 300)}`)
            .toContain(response.statusCode);
        } else {
          expect
            .soft(response.statusCode, `${what} → ${response.body.slice(0, 300)}`)
            .toBe(request.http ?? (request.expect === 'own' ? 200 : response.statusCode));
        }
        expect.soft(response.statusCode, what).toBeLessThan(500);
        const sent = JSON.stringify(request.body ?? {});
        for (const marker of B_MARKERS) {
          if (!sent.includes(marker))
            expect.soft(response.body, `${what} leaks "${marker}"`).not.toContain(marker);
        }
        if (request.expect !== 'own') {
          expect
            .soft(request.expect, `${what} → ${response.body}`)
            .toContain(response.json<{ statusCode: number }>().statusCode);
        }
      }
      return requests;
    }

    it("answers factory A's user with none of factory B's data, and changes nothing of B's", async () => {
      const requests = await walk(
        Object.entries(crossTenantCases(tenants)).flatMap(([key, list]) =>
          list.map((request): [string, CrossTenantRequest] => [key, request]),
        ),
      );
      expect(await snapshotOf(t.testDb.db, tenants.b.factoryId)).toEqual(bBefore);
      // B's session survived A's attempt to sign it out.
      const bList = await t.app.inject({
        method: 'POST',
        url: '/v1/Web/Factory/Channel/List',
        headers: { authorization: `Bearer ${tenants.b.session.token}` },
        payload: {
          email: tenants.b.session.email,
          action: '/v1/Web/Factory/Channel/List',
          factoryId: 0,
        },
      });
      expect(bList.json()).toMatchObject({ statusCode: StatusCode.OK });
      expect(bList.body, "B's own channel list names B's nodes").toMatch(bNodeId);
      // The markers are there to be leaked: B's own control list shows them.
      const bControl = await t.app.inject({
        method: 'POST',
        url: '/v1/Channel/Group',
        headers: { authorization: `Bearer ${tenants.b.session.token}` },
        payload: { email: tenants.b.session.email, action: '/v1/Channel/Group', factoryId: 0 },
      });
      expect(bControl.body).toContain('Zeta group');
      expect(bControl.body).toContain('Zeta channel');
      console.info(
        `[security/${backend}] cross-tenant: ${routes.length} routes registered, ` +
          `${Object.keys(crossTenantCases(tenants)).length} called with factory B's ids (${requests} requests), ` +
          `${routes.filter((r) => routeKey(r) in EXCLUDED_ROUTES).length} excluded; 0 leaks`,
      );
    });

    it("after switching from B to A, a person of both reaches none of B's data by factoryId 0 or B's ids", async () => {
      const own = await t.app.inject({
        method: 'POST',
        url: '/v1/Web/Factory/Channel/List',
        headers: { authorization: `Bearer ${switcher.token}` },
        payload: { email: switcher.email, action: '/v1/Web/Factory/Channel/List', factoryId: 0 },
      });
      expect(own.json()).toMatchObject({ statusCode: StatusCode.OK, timeZone: 'Asia/Taipei' });
      expect(own.body, 'factoryId 0 is A now, not B').not.toMatch(bNodeId);
      const entries = switchedWalk(crossTenantCases(tenants));
      const requests = await walk(entries, switcher);
      expect(await snapshotOf(t.testDb.db, tenants.b.factoryId)).toEqual(bBefore);
      console.info(
        `[security/${backend}] switched from B to A: ${requests} requests of the walk, 0 leaks`,
      );
      expect(requests).toBeGreaterThan(40);
    });

    it('lets each role make only the calls its permission allows, and a refused call changes nothing', async () => {
      const { checks, missing } = roleChecks(routes, crossTenantCases(tenants), EXCLUDED_ROUTES);
      expect(
        missing,
        'signed-in routes without a permission rule (packages/contract/src/roles.ts)',
      ).toEqual([]);
      const aBefore = await snapshotOf(t.testDb.db, tenants.a.factoryId);
      const refused = checks.filter((check) => check.refusal !== null);
      for (const check of refused) {
        const response = await send(check.request, roles[check.role]);
        expect
          .soft(refusalOf(response), `${check.key} as ${check.role} → ${response.body}`)
          .toEqual(check.refusal);
      }
      expect(await snapshotOf(t.testDb.db, tenants.a.factoryId)).toEqual(aBefore);
      for (const check of checks.filter((c) => c.refusal === null)) {
        const response = await send(check.request, roles[check.role]);
        expect
          .soft(refusalOf(response), `${check.key} as ${check.role} → ${response.body}`)
          .toBeNull();
        expect.soft(response.statusCode, check.key).toBeLessThan(500);
      }
      const routesChecked = new Set(checks.map((c) => c.key)).size;
      console.info(
        `[security/${backend}] roles: ${routesChecked} signed-in routes × 3 roles, ` +
          `${refused.length} refusals checked, ${checks.length - refused.length} allowed`,
      );
      expect(routesChecked).toBeGreaterThan(60);
    });

    it('survives fuzzed input on every route: never a 5xx, and every 400 names a field', async () => {
      const report = await fuzzRoutes(t.app, routes, tenants, crossTenantCases(tenants));
      console.info(
        `[security/${backend}] fuzz: ${report.routes} routes, ${report.cases} cases, ` +
          `${report.problems.length} problems; answers by status ${JSON.stringify(report.statuses)}; ` +
          `401 by route ${JSON.stringify(report.signedOut)}`,
      );
      expect(report.problems).toEqual([]);
      expect(report.routes).toBe(routes.filter((r) => !(routeKey(r) in EXCLUDED_ROUTES)).length);
      expect(await snapshotOf(t.testDb.db, tenants.b.factoryId)).toEqual(bBefore);
    }, 240_000);
  });
}
