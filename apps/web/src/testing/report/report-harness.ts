import { beforeAll, beforeEach, vi } from 'vitest';
import { reportEnergyResponse } from '@wattboard/contract';
import type { EnergyFigures, EnergyRow } from '@wattboard/contract';
import { channelListBody, jsonResponse, stubNetwork } from '@/testing/network';
import type { renderApp } from '@/testing/render-app';
import { channelReportBody, meterChannels, readingRows, reportEnvelope } from './fixtures';

/** Test-only: the demo factory's server at the network boundary for the Report page. */

type Answer = (body: Record<string, unknown>, init: RequestInit) => Response | unknown;
type Answers = Partial<Record<string, Answer>>;

export const REPORT_PATH = '/v1/Web/Factory/Channel/Report';
export const ENERGY_PATH = '/v1/Web/Factory/Channel/Energy';
export const EXPORT_PATH = '/v1/Web/Factory/Channel/Report/Export';

export const PAGE = '/dashboard/report?deviceId=9&startDate=2026-11-21&endDate=2026-11-21';

export function energyRow(overrides: Partial<EnergyRow> = {}): EnergyRow {
  return {
    channelId: 91,
    dtStart: '2026-11-21T13:00:00+08:00',
    dtEnd: '2026-11-21T14:00:00+08:00',
    kwhForward: 38.512,
    kwhReverse: 0,
    kwhNet: 38.512,
    co2KG: 18.255,
    maxKW: 41.2,
    averageKW: 38.512,
    cost: null,
    ...overrides,
  };
}

export function energyBody(rows: EnergyRow[], totals: EnergyFigures[] = []) {
  const body = {
    ...reportEnvelope(ENERGY_PATH),
    channelList: meterChannels,
    energyList: rows,
    totalList: totals,
  };
  reportEnergyResponse.parse(body);
  return body;
}

export function serveReport(answers: Answers = {}) {
  const defaults: Answers = {
    '/v1/Web/Factory/Channel/List': () => channelListBody(),
    [REPORT_PATH]: () => channelReportBody(readingRows(4)),
    [ENERGY_PATH]: () => energyBody([energyRow()]),
  };
  return stubNetwork((path, init) => {
    const answer = answers[path] ?? defaults[path];
    if (!answer) return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
    const result = answer(JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>, init);
    return result instanceof Response ? result : jsonResponse(result);
  });
}

export function searchOf(router: ReturnType<typeof renderApp>['router']) {
  return new URLSearchParams(router.state.location.search);
}

export function bodiesTo(requests: { path: string; body: unknown }[], path: string) {
  return requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);
}

/** Loads the lazy page once up front, so the first test's wait is about the page. */
export function preparePageTests() {
  beforeAll(async () => {
    await Promise.all([
      import('@/app/routes/ProtectedFrame'),
      import('@/features/report/components/ReportPage'),
    ]);
  }, 60_000);

  beforeEach(() => {
    // jsdom lays nothing out (every size is 0); the table's scroll region gets a browser's
    // height so the virtualizer draws the rows a 400 px window would show.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
      return this.classList.contains('wb-report-scroll') ? SCROLL_HEIGHT : 0;
    });
  });
}

export const SCROLL_HEIGHT = 400;
