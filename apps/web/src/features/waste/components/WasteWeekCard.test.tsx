import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { installIntersectionObserver, scrollIntoView } from '@/testing/intersection-observer';
import { channelListBody, jsonResponse, stubNetwork } from '@/testing/network';
import { overviewBody } from '@/testing/overview/overview-fixtures';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import {
  finding,
  FINDINGS_PATH,
  findingsBody,
  threeFindings,
} from '@/testing/waste/waste-fixtures';

const fourFindings = [
  ...threeFindings,
  finding({ nodeId: 13, name: 'Dryer', chName: '乾燥機', kwhPerWeek: 10, costPerWeek: 40 }),
];

/** The Overview as the app composes it: the Overview's own call and the waste call answered. */
function serve(findings: () => unknown = () => findingsBody(fourFindings)) {
  storeSession();
  return stubNetwork((path) => {
    if (path === '/v1/Web/Factory/Channel/List') return jsonResponse(channelListBody());
    if (path === '/v1/Web/Overview') return jsonResponse(overviewBody());
    if (path === FINDINGS_PATH) return jsonResponse(findings());
    return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
  });
}

const card = async () => within(await screen.findByTestId('overview-waste', {}, { timeout: 5000 }));

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/ProtectedFrame'),
    import('@/features/overview/components/OverviewPage'),
    import('./WasteWeekCard'),
  ]);
}, 60_000);

describe('Overview waste card', () => {
  let restore = () => {};
  afterEach(() => restore());
  beforeEach(() => {
    // The Overview's charts draw nothing in jsdom.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it("names last week's three largest findings with the week's total, and links to the page", async () => {
    const { requests } = serve();
    renderApp('/dashboard/overview');
    const shown = await card();
    expect(await shown.findByTestId('waste-card-total')).toHaveTextContent(
      '4 findings, NT$1,390 a week in all',
    );
    const items = shown.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Air compressorRuns when nobody worksNT$1,128 / week',
      'Office lightingRuns on after its shiftNT$162.00 / week',
      'Coolant pumpStandby drawNT$60.00 / week',
    ]);
    // The factory's day is 2026-11-21: last week is the 7 days before it.
    expect(shown.getByText('2026/11/14 – 2026/11/20')).toBeInTheDocument();
    // Tests run a development build, whose links carry is_dev=1.
    expect(shown.getByRole('link', { name: 'See all findings' }).getAttribute('href')).toMatch(
      /^\/dashboard\/waste\?startDate=2026-11-14&endDate=2026-11-20(&is_dev=1)?$/,
    );
    expect(requests.filter((r) => r.path === FINDINGS_PATH).map((r) => r.body)).toEqual([
      expect.objectContaining({ factoryId: 0, startDate: '2026-11-14', endDate: '2026-11-20' }),
    ]);
  });

  it('speaks Traditional Chinese', async () => {
    serve();
    renderApp('/dashboard/overview');
    const shown = await card();
    await shown.findByTestId('waste-card-total');
    await act(() => i18n.changeLanguage('zh'));
    expect(shown.getByRole('heading', { name: '上週能源浪費' })).toBeInTheDocument();
    expect(shown.getByTestId('waste-card-total')).toHaveTextContent(
      '共 4 項，合計每週 新臺幣 1,390 元',
    );
    expect(shown.getAllByRole('listitem')[0]).toHaveTextContent(
      '空壓機無人上班時運轉每週 新臺幣 1,128 元',
    );
    expect(shown.getByRole('link', { name: '查看全部浪費項目' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('waits until the card comes near the screen before asking', async () => {
    restore = installIntersectionObserver();
    const { requests } = serve();
    renderApp('/dashboard/overview');
    const shown = await card();
    expect(await screen.findByTestId('real-time-demand')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests.filter((r) => r.path === FINDINGS_PATH)).toHaveLength(0);
    // Nothing is loading yet, so nothing says so (and no spinner turns).
    expect(shown.getByTestId('waste-card-waiting')).toBeInTheDocument();
    expect(shown.queryByRole('status')).toBeNull();

    const body = screen.getByTestId('overview-waste').querySelector('.wb-waste-card__body')!;
    act(() => scrollIntoView(body));
    expect(await shown.findByTestId('waste-card-total')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.path === FINDINGS_PATH)).toHaveLength(1));
  });

  it('says so when last week had no waste', async () => {
    serve(() => findingsBody([]));
    renderApp('/dashboard/overview');
    expect(await (await card()).findByText('No waste found last week.')).toBeInTheDocument();
  });
});
