import { vi, beforeAll, beforeEach } from 'vitest';
import { channelListBody, jsonResponse, stubNetwork } from '@/testing/network';
import type { renderApp } from '@/testing/render-app';
import {
  alarmListBody,
  baselineBody,
  consumptionBody,
  deviceBody,
  powerDetailBody,
} from './monitor-fixtures';
import { costNodeBody } from './cost-fixtures';

type Answers = Partial<Record<string, (body: Record<string, unknown>) => unknown>>;

/** The demo factory's server at the network boundary; `answers` replaces (or adds) single calls. */
export function serveFactory(answers: Answers = {}) {
  const defaults: Answers = {
    '/v1/Web/Factory/Channel/List': () => channelListBody(),
    '/v1/Web/Monitor/Device': () => deviceBody(),
    '/v1/Web/Monitor/Device/Power/Detail': () => powerDetailBody(),
    '/v1/Web/Monitor/Device/Baseline': () => baselineBody(),
    '/v1/Web/Monitor/Device/ConsumptionQuery': () => consumptionBody(),
    '/v1/Web/Setting/Alarm/List': () => alarmListBody(),
    '/v1/Web/Cost/Node': (body) => costNodeBody(body),
  };
  return stubNetwork((path, init) => {
    const answer = answers[path] ?? defaults[path];
    if (!answer) return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
    const result = answer(JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>);
    // An answer may be a whole response (another HTTP status), else the body of a 200.
    return result instanceof Response ? result : jsonResponse(result);
  });
}

export const PAGE =
  '/dashboard/monitoring-point?deviceId=9&startDate=2026-11-21&endDate=2026-11-21&resolution=15';

export function searchOf(router: ReturnType<typeof renderApp>['router']) {
  return new URLSearchParams(router.state.location.search);
}

export function bodiesTo(requests: { path: string; body: unknown }[], path: string) {
  return requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);
}

/** Setup shared by the page's test files; call inside `describe`. */
export function preparePageTests() {
  // The router loads the page lazily; transforming it (ECharts included) once up front keeps
  // the first test's wait about the page, not about the test runner's compiler.
  beforeAll(async () => {
    await Promise.all([
      import('@/app/routes/ProtectedFrame'),
      import('@/features/monitoring-point/components/MonitoringPointPage'),
    ]);
  }, 60_000);

  beforeEach(() => {
    // jsdom has no canvas; ECharts (SVG renderer) only measures text with one and copes
    // without it, so answer "no canvas" quietly instead of jsdom's not-implemented noise.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
}
