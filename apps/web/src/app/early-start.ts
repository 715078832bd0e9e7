// What a signed-in first load starts before React and the router run (issue
// #14: on a phone, Overview's first numbers waited for entry → locale → frame
// and page chunks → User/Account → the page's calls, one after the other).
// The calls are the ones the frame and the landing page make at once with
// fixed fields; callApi takes their answers (lib/early-calls.ts), and
// early-start.test.ts holds each to the request callApi itself would send.
import { currentApiBase } from '@/lib/api-base';
import { startEarlyCall } from '@/lib/early-calls';
import { localeFiles, settledLanguage } from '@/lib/locale-files';
import { readSession, sessionStatus } from '@/lib/session';
import { loadMonitoringPointPage, loadOverviewPage, loadProtectedFrame } from './route-modules';

export interface EarlyCall {
  method: 'GET' | 'POST';
  path: string;
  /** The call's own fields (a POST's body adds the envelope). */
  fields: Record<string, unknown>;
}

/** The caller's factory (factoryId 0 means the caller's own). */
const FACTORY = { factoryId: 0 };

/** What the signed-in frame asks on every page: the account (gate), node tree (clock), banner. */
const FRAME_CALLS: EarlyCall[] = [
  { method: 'POST', path: '/v1/User/Account', fields: {} },
  { method: 'POST', path: '/v1/Web/Factory/Channel/List', fields: FACTORY },
  { method: 'GET', path: '/v1/Web/Announcement/Latest', fields: {} },
];

/** The Overview's first calls (its cards' other calls need the factory's date first). */
const OVERVIEW_CALLS: EarlyCall[] = [
  { method: 'POST', path: '/v1/Web/Overview', fields: FACTORY },
  { method: 'POST', path: '/v1/Demand/Status', fields: FACTORY },
  { method: 'POST', path: '/v1/Web/Cost/Summary', fields: FACTORY },
];

export interface FirstLoadPlan {
  calls: EarlyCall[];
  modules: (() => Promise<unknown>)[];
}

const NOTHING: FirstLoadPlan = { calls: [], modules: [] };

/** What a signed-in first load of this path starts early (nothing outside the signed-in frame). */
export function firstLoadPlan(pathname: string): FirstLoadPlan {
  const path = pathname.replace(/\/+$/, '') || '/';
  // '/' and '/dashboard' redirect to the Overview.
  if (path === '/' || path === '/dashboard' || path === '/dashboard/overview') {
    return {
      calls: [...FRAME_CALLS, ...OVERVIEW_CALLS],
      modules: [loadProtectedFrame, loadOverviewPage],
    };
  }
  if (path === '/dashboard/login' || !path.startsWith('/dashboard/')) return NOTHING;
  const page = path === '/dashboard/monitoring-point' ? [loadMonitoringPointPage] : [];
  return { calls: FRAME_CALLS, modules: [loadProtectedFrame, ...page] };
}

/** The request callApi would send for this call with this session (a GET: no envelope). */
export function earlyRequestBody(
  call: EarlyCall,
  session: { email: string; token: string },
): unknown {
  if (call.method === 'GET') return call.fields;
  return { email: session.email, action: call.path, token: session.token, ...call.fields };
}

/** Sends these calls now when a live session is stored; false (nothing sent) otherwise. */
export function startEarlyCalls(calls: EarlyCall[], now = new Date()): boolean {
  const session = readSession();
  if (!session || sessionStatus(session, now) !== 'signed-in') return false;
  const base = currentApiBase();
  for (const call of calls) {
    startEarlyCall(
      call.method,
      `${base}${call.path}`,
      session.token,
      earlyRequestBody(call, session),
      now.getTime(),
    );
  }
  return true;
}

/**
 * Starts a first load's early work: the language's strings on every page, the
 * login screen included (its first paint waits for them, and lib/i18n asks
 * only once the whole login route has arrived), and on a signed-in page its
 * plan: the calls, then the route modules, one task after the strings (Vite's
 * preload wrapper requests a lazy import a microtask after the call; started
 * behind the page's chunks, the strings came ~0.4 s later on a simulated phone).
 */
export function startFirstLoad(pathname = window.location.pathname): void {
  const language = settledLanguage(window.location.search, document.cookie, localStorage);
  // lib/i18n imports the same module: the browser fetches it once.
  if (language) localeFiles[language]().catch(() => undefined);
  const plan = firstLoadPlan(pathname);
  if (plan.calls.length === 0 || sessionStatus(readSession(), new Date()) !== 'signed-in') return;
  if (!language) return startRest(plan);
  setTimeout(() => startRest(plan), 0);
}

function startRest(plan: FirstLoadPlan): void {
  startEarlyCalls(plan.calls);
  // A task of its own: the preload of the modules' ~40 files is long on a phone.
  setTimeout(() => {
    // The router imports the same modules; a failure shows there (its error screen).
    for (const load of plan.modules) load().catch(() => undefined);
  }, 0);
}
