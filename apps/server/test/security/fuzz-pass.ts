import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { allCalls, type CallDefinition } from '@wattboard/contract';
import { fastifyPath } from '../../src/modules/auth/register-call.ts';
import { DEMO, signInAs } from '../helpers/test-app.ts';
import type { CrossTenantRequest } from './cross-tenant-cases.ts';
import { EDGE_VALUES, edgeBodies, junk, mutatedBody, sampleOf } from './fuzz-values.ts';
import { EXCLUDED_ROUTES, routeKey, type RouteEntry } from './route-inventory.ts';
import { A_GATEWAY_KEY, type Tenants } from './tenants.ts';

/** Fuzz cases per route: every field is hit a few times, and a backend takes seconds. */
export const RUNS_PER_ROUTE = 40;
/** Fixed, so a failure found once is found again. */
export const SEED = 20261124;

/** A 400 names the field: "deviceId: …", "alarms.0.threshold.high: …" or "body: …". */
const NAMES_A_FIELD = /^(body|[\w$-]+(\.[\w$-]+)*): \S/;
const STACK_TRACE = /\bat .+\.(ts|js):\d+|node_modules/;

export interface FuzzReport {
  routes: number;
  cases: number;
  statuses: Record<number, number>;
  /** Routes whose fuzz cases were answered 401: the session the pass used was signed out. */
  signedOut: Record<string, number>;
  /** What went wrong, one line per case; empty when the server held. */
  problems: string[];
}

interface FuzzCase {
  url: string;
  payload?: string;
}

/**
 * The problem with one answer, or null. Every 400 must name the field, except
 * the JSON parser's refusal of prototype poisoning, which names the key
 * ("__proto__", or "constructor" holding "prototype") instead.
 */
function problemOf(response: LightMyRequestResponse, payload: string): string | null {
  if (response.statusCode >= 500) return `HTTP ${response.statusCode}`;
  if (STACK_TRACE.test(response.body)) return 'a stack trace in the answer';
  if (response.statusCode !== 400) return null;
  const { message } = response.json<{ message?: string }>();
  if (
    /"(__proto__|constructor)"/.test(payload) &&
    /^The request body has a key named "(__proto__|constructor)"/.test(message ?? '')
  ) {
    return null;
  }
  return NAMES_A_FIELD.test(message ?? '') ? null : `a 400 naming no field: ${message}`;
}

function contractCallFor(route: RouteEntry): CallDefinition | undefined {
  return allCalls.find(
    (call) => call.method === route.method && fastifyPath(call.path) === route.url && !call.query,
  );
}

/** The same request aimed at A's own data, as a base for the mutations. */
function ownBody(body: unknown, t: Tenants): unknown {
  if (Array.isArray(body)) return body.map((item) => ownBody(item, t));
  if (body === null || typeof body !== 'object') return body;
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'factoryId') own[key] = 0;
    else if (key === 'deviceId' || key === 'smartmeterId') own[key] = t.a.nodeId;
    else if (key === 'serial') own[key] = t.a.serial;
    else if (!(key === 'id' && value === t.b.receiverId)) own[key] = ownBody(value, t);
  }
  return own;
}

const text = (value: unknown) => encodeURIComponent(String(value)).slice(0, 2000);

/** A request body to mutate, and the URL (with its query, e.g. ?action=…) it goes to. */
interface Base {
  url: string;
  body: unknown;
}

/** The URL with the value of its first query parameter (`q` when it has none) set to `value`. */
function withQueryValue(url: string, value: unknown): string {
  const [path = '', query = ''] = url.split('?');
  const name = query.split('=')[0] || 'q';
  return `${path}?${name}=${text(value)}`;
}

/** Each edge value in each field of each base (or in the path id / query), one at a time. */
function edgeCasesFor(route: RouteEntry, bases: Base[], getUrls: string[]): FuzzCase[] {
  if (route.url.includes(':id')) {
    return EDGE_VALUES.map((value) => ({ url: route.url.replace(':id', text(value)) }));
  }
  if (route.method === 'GET') {
    return getUrls.flatMap((url) =>
      EDGE_VALUES.map((value) => ({ url: withQueryValue(url, value) })),
    );
  }
  return bases.flatMap((base) =>
    edgeBodies(base.body).map((body) => ({
      url: base.url,
      payload: JSON.stringify(body) ?? 'null',
    })),
  );
}

/** Random cases: a junk path id, a junk query, or a body with a few fields mutated. */
function randomCasesFor(route: RouteEntry, bases: Base[], getUrls: string[]): FuzzCase[] {
  const getUrl = getUrls[0] ?? route.url;
  const arbitrary: fc.Arbitrary<FuzzCase> = route.url.includes(':id')
    ? junk.map((value) => ({ url: route.url.replace(':id', text(value)) }))
    : route.method === 'GET'
      ? junk.map((value) => ({ url: withQueryValue(getUrl, value) }))
      : fc.oneof(
          ...bases.map((base) =>
            mutatedBody(base.body).map((body) => ({
              url: base.url,
              payload: JSON.stringify(body) ?? 'null',
            })),
          ),
        );
  return fc.sample(arbitrary, { seed: SEED, numRuns: RUNS_PER_ROUTE });
}

/** Admin and account calls run last: a fuzzed valid id may revoke a gateway or a session of A's. */
function fuzzOrder(routes: readonly RouteEntry[]): RouteEntry[] {
  const late = (route: RouteEntry) => /^\/v1\/(Admin|User)\//.test(route.url);
  return [...routes.filter((r) => !late(r)), ...routes.filter(late)];
}

/**
 * Mutated input on every route the app registers (minus the exclusions): the
 * cross-tenant requests turned to A's own ids, and a body sampled from the
 * call's request schema, each with fields replaced by junk. Sign-out gets a
 * fresh session per case, so the fuzz cannot sign the suite's user out, and
 * sign-in comes from many addresses, so the limiter does not stop it early.
 */
export async function fuzzRoutes(
  app: FastifyInstance,
  routes: readonly RouteEntry[],
  tenants: Tenants,
  crossTenant: Record<string, CrossTenantRequest[]>,
): Promise<FuzzReport> {
  const report: FuzzReport = { routes: 0, cases: 0, statuses: {}, signedOut: {}, problems: [] };
  // An address that has never failed for the demo account, so sign-out's fresh sessions are not throttled.
  const nobody = { email: 'fuzz-nobody@demo.example', password: 'wrong' };
  for (const route of fuzzOrder(routes)) {
    const key = routeKey(route);
    if (key in EXCLUDED_ROUTES) continue;
    const requests = crossTenant[key] ?? [];
    const asAdmin = requests.some((request) => request.as === 'admin');
    const session = asAdmin ? tenants.a.admin : tenants.a.session;
    const bases: Base[] = [
      ...new Map(
        requests.map((request) => {
          const envelope = { email: session.email, action: request.url.split('?')[0] };
          const body = ownBody(
            request.raw ? request.body : { ...envelope, ...request.body },
            tenants,
          );
          return [`${request.url} ${JSON.stringify(body)}`, { url: request.url, body }] as const;
        }),
      ).values(),
    ];
    if (key === 'POST /User/SignIn' || key === 'POST /User/SignOut') {
      bases.splice(0, bases.length, { url: route.url, body: { ...nobody, action: route.url } });
    }
    const call = contractCallFor(route);
    if (call && route.method !== 'GET' && !route.url.includes(':'))
      bases.push({ url: route.url, body: sampleOf(call.request) });
    const getUrls = requests.filter((r) => r.url.includes('?')).map((r) => r.url);
    report.routes += 1;
    const cases = [
      ...edgeCasesFor(route, bases, getUrls),
      ...randomCasesFor(route, bases, getUrls),
    ];
    for (const [index, fuzzCase] of cases.entries()) {
      const fresh = key === 'POST /User/SignOut' ? await signInAs(app, DEMO) : undefined;
      const token = fresh?.token ?? session.token;
      const gatewayCall =
        key === 'POST /v1/Ingest/Readings' ||
        key === 'GET /v1/Gateway/Config' ||
        key === 'POST /v1/Gateway/Health' ||
        key.startsWith('GET /v1/Gateway/ReadNow/') ||
        key.startsWith('POST /v1/Gateway/ReadNow/');
      const authorization = gatewayCall ? A_GATEWAY_KEY : token;
      const response = await app.inject({
        method: route.method as 'GET' | 'POST' | 'PUT',
        url: fuzzCase.url,
        remoteAddress: `10.77.${Math.floor(index / 250)}.${index % 250}`,
        headers: {
          authorization: `Bearer ${authorization}`,
          ...(fuzzCase.payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
      });
      report.cases += 1;
      report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
      if (response.statusCode === 401) report.signedOut[key] = (report.signedOut[key] ?? 0) + 1;
      const problem = problemOf(response, fuzzCase.payload ?? '');
      if (problem) {
        report.problems.push(
          `${key} ${fuzzCase.url} ${fuzzCase.payload?.slice(0, 200) ?? ''} → ${problem}; ${response.body.slice(0, 200)}`,
        );
      }
    }
  }
  return report;
}
