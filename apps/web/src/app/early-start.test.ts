// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchUserAccount } from '@/lib/queries/user-account';
import { fetchLatestAnnouncement } from '@/features/announcements/api/latest-announcement';
import { fetchOverview } from '@/features/overview/api/overview';
import { fetchDemandStatus } from '@/lib/queries/demand-status';
import { fetchCostSummary } from '@/features/overview/api/cost-summary';
import { fetchChannelList } from '@/lib/queries/channel-list';
import { clearEarlyCalls, EARLY_ANSWER_MAX_AGE_MS } from '@/lib/early-calls';
import { envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { localeFiles } from '@/lib/locale-files';
import { firstLoadPlan, startEarlyCalls, startFirstLoad } from './early-start';
import { loadMonitoringPointPage } from './route-modules';

const EMAIL = 'demo@wattboard.local';
const ACCOUNT = {
  ...envelope(EMAIL, '/v1/User/Account'),
  userId: 1,
  username: 'demo',
  isAdmin: false,
  role: 'viewer',
  mustChangePassword: false,
  lastSignInAt: null,
};

afterEach(() => {
  clearEarlyCalls();
  localStorage.clear();
});

/** Answers the account call properly and everything else with a refusal (enough to count requests). */
function serve() {
  return stubNetwork((path) =>
    path === '/v1/User/Account'
      ? jsonResponse(ACCOUNT)
      : jsonResponse({ statusCode: 201, message: `not served in this test: ${path}` }),
  );
}

describe('a signed-in first load starts its calls early', () => {
  it("sends exactly the requests the Overview's own calls send, which then take the answers", async () => {
    storeSession();
    const network = serve();
    expect(startEarlyCalls(firstLoadPlan('/dashboard/overview').calls)).toBe(true);
    expect(network.requests.map((r) => r.path)).toEqual([
      '/v1/User/Account',
      '/v1/Web/Factory/Channel/List',
      '/v1/Web/Announcement/Latest',
      '/v1/Web/Overview',
      '/v1/Demand/Status',
      '/v1/Web/Cost/Summary',
    ]);
    const sent = network.requests.length;

    // Each of the app's own calls finds its request already sent: nothing more goes out.
    await expect(fetchUserAccount()).resolves.toMatchObject({ userId: 1, isAdmin: false });
    const others = [
      fetchChannelList(0),
      fetchLatestAnnouncement(),
      fetchOverview(0),
      fetchDemandStatus(0),
      fetchCostSummary(0),
    ];
    await Promise.allSettled(others);
    expect(network.requests).toHaveLength(sent);

    // Taken once: asking again goes to the server.
    await fetchUserAccount();
    expect(network.requests).toHaveLength(sent + 1);
  });

  it('sends nothing without a live session', () => {
    const network = serve();
    expect(startEarlyCalls(firstLoadPlan('/dashboard/overview').calls)).toBe(false);
    storeSession({ dtTokenExpire: new Date(Date.now() - 1000).toISOString() });
    expect(startEarlyCalls(firstLoadPlan('/dashboard/overview').calls)).toBe(false);
    expect(network.requests).toHaveLength(0);
  });

  it('asks afresh when the early answer is too old', async () => {
    storeSession();
    const network = serve();
    const long = new Date(Date.now() - EARLY_ANSWER_MAX_AGE_MS - 1000);
    startEarlyCalls(firstLoadPlan('/dashboard/report').calls, long);
    await fetchUserAccount();
    expect(network.requests.filter((r) => r.path === '/v1/User/Account')).toHaveLength(2);
  });

  it("does not hand one session's answer to another", async () => {
    storeSession();
    const network = serve();
    startEarlyCalls(firstLoadPlan('/dashboard/control').calls);
    storeSession({ token: 'b'.repeat(64) });
    await fetchUserAccount();
    expect(network.requests.filter((r) => r.path === '/v1/User/Account')).toHaveLength(2);
  });
});

describe('firstLoadPlan', () => {
  it("starts the Overview's calls and chunks where the Overview is the landing page", () => {
    for (const path of ['/', '/dashboard', '/dashboard/', '/dashboard/overview']) {
      const plan = firstLoadPlan(path);
      expect(plan.calls.map((c) => c.path)).toContain('/v1/Web/Overview');
      expect(plan.modules).toHaveLength(2);
    }
  });

  it("starts only the frame's calls elsewhere, the page's chunk where there is one, nothing at login", () => {
    const point = firstLoadPlan('/dashboard/monitoring-point');
    expect(point.calls.map((c) => c.path)).toEqual([
      '/v1/User/Account',
      '/v1/Web/Factory/Channel/List',
      '/v1/Web/Announcement/Latest',
    ]);
    expect(point.modules).toContain(loadMonitoringPointPage);
    expect(firstLoadPlan('/dashboard/admin/users').modules).toHaveLength(1);
    expect(firstLoadPlan('/dashboard/login')).toEqual({ calls: [], modules: [] });
    expect(firstLoadPlan('/elsewhere')).toEqual({ calls: [], modules: [] });
  });
});

describe('startFirstLoad', () => {
  it("asks for the chosen language's strings on the login screen, and nothing else", () => {
    localStorage.setItem('i18nextLng', 'zh-TW');
    const zh = vi.spyOn(localeFiles, 'zh').mockResolvedValue({ default: {} });
    const network = serve();
    startFirstLoad('/dashboard/login');
    expect(zh).toHaveBeenCalledTimes(1);
    expect(network.requests).toEqual([]);
  });

  it("leaves an unsettled language to i18n (the browser's languages decide there)", () => {
    // The test set-up's i18n stored its language; a first visit has none.
    localStorage.clear();
    const en = vi.spyOn(localeFiles, 'en');
    const zh = vi.spyOn(localeFiles, 'zh');
    startFirstLoad('/dashboard/login');
    expect(en).not.toHaveBeenCalled();
    expect(zh).not.toHaveBeenCalled();
  });
});
