import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StatusCode } from '@wattboard/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse } from '@/testing/network';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import { reportEnvelope } from '@/testing/report/fixtures';
import {
  bodiesTo,
  EXPORT_PATH,
  PAGE,
  preparePageTests,
  serveReport,
} from '@/testing/report/report-harness';

const CSV = '\uFEFFTime,Channel\n2026-11-21T14:00:00+08:00,Air Compressor 1\n';
const DISPOSITION =
  'attachment; filename="Meter_2026-11-21_2026-11-21_en.csv"; filename*=UTF-8\'\'%E4%B8%80%E8%99%9F%E9%9B%BB%E8%A1%A8_2026-11-21_2026-11-21_zh-TW.csv';

function fileAnswer(body: BodyInit, disposition = DISPOSITION) {
  return new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': disposition },
  });
}

/** What the page handed to the browser's download: the anchor's name and URL, and the blob. */
function watchDownloads() {
  const saved: { name: string; href: string; blob?: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${(next += 1)}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => blobs.delete(url),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({
      name: this.download,
      href: this.getAttribute('href')!,
      blob: blobs.get(this.href),
    });
  });
  return saved;
}

describe('Report page, exports', () => {
  preparePageTests();
  let saved: ReturnType<typeof watchDownloads>;
  beforeEach(() => {
    saved = watchDownloads();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('downloads the CSV with the token and saves it under the server-given name', async () => {
    storeSession();
    const { requests } = serveReport({ [EXPORT_PATH]: () => fileAnswer(CSV) });
    renderApp(PAGE);
    await screen.findByRole('table', { name: 'Readings of Meter 1' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByTestId('export-done')).toHaveTextContent(
      'Saved 一號電表_2026-11-21_2026-11-21_zh-TW.csv (',
    );
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('一號電表_2026-11-21_2026-11-21_zh-TW.csv');
    // Byte for byte, the UTF-8 BOM included (Excel needs it to show 中文).
    const bytes = new Uint8Array(await saved[0]!.blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(CSV.slice(1));
    const request = requests.find((r) => r.path === EXPORT_PATH)!;
    expect(new Headers(request.init.headers).get('Authorization')).toBe(`Bearer ${'a'.repeat(64)}`);
    expect(request.body).toMatchObject({
      factoryId: 0,
      smartmeterId: 9,
      dtStart: '2026-11-21',
      dtEnd: '2026-11-21',
      format: 'csv',
      kind: 'readings',
      lang: 'en',
    });
  });

  it('exports Excel in 中文 for the energy view at its resolution', async () => {
    storeSession();
    const { requests } = serveReport({ [EXPORT_PATH]: () => fileAnswer('xlsx bytes') });
    renderApp(`${PAGE}&view=energy&interval=day`);
    await screen.findByRole('table', { name: 'Energy of Meter 1 per Day' });
    await act(() => i18n.changeLanguage('zh'));
    await userEvent.setup().click(screen.getByRole('button', { name: '匯出 Excel' }));
    expect(await screen.findByTestId('export-done')).toHaveTextContent('已儲存');
    expect(bodiesTo(requests, EXPORT_PATH)[0]).toMatchObject({
      format: 'xlsx',
      kind: 'energy',
      interval: 'day',
      lang: 'zh-TW',
    });
  });

  it('shows the bytes received while a long export streams, and can cancel it', async () => {
    storeSession();
    serveReport({
      [EXPORT_PATH]: (_body, init) =>
        fileAnswer(
          new ReadableStream<Uint8Array>({
            start(controller) {
              // TextEncoder's bytes, not `new Uint8Array`: the tests run each file in a VM
              // context whose Uint8Array is not the one fetch's Response accepts.
              controller.enqueue(new TextEncoder().encode('x'.repeat(1536)));
              // The rest never comes: the user cancels, and the aborted fetch ends the body.
              init.signal?.addEventListener('abort', () =>
                controller.error(new DOMException('The user aborted a request.', 'AbortError')),
              );
            },
          }),
        ),
    });
    renderApp(PAGE);
    await screen.findByRole('table', { name: 'Readings of Meter 1' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exporting… 1.5 KB received')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Export cancelled.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it("explains a refusal with the server's message", async () => {
    storeSession();
    serveReport({
      [EXPORT_PATH]: () =>
        jsonResponse(
          { statusCode: StatusCode.SmartMeterNotFound, message: 'Smart meter 9 not found.' },
          404,
        ),
    });
    renderApp(PAGE);
    await screen.findByRole('table', { name: 'Readings of Meter 1' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The export failed: Smart meter 9 not found.',
    );
    expect(saved).toHaveLength(0);
  });

  it('hands a readings export longer than a month to the browser through a signed link', async () => {
    storeSession();
    const link = '/v1/Web/Factory/Channel/Report/ExportLink';
    const { requests } = serveReport({
      [link]: () => ({
        ...reportEnvelope(link),
        url: `${EXPORT_PATH}?token=signed`,
        fileName: 'Meter_2026-01-01_2026-11-21_en.csv',
        dtExpire: '2026-11-21T06:05:00.000Z',
      }),
    });
    renderApp('/dashboard/report?deviceId=9&startDate=2026-01-01&endDate=2026-11-21');
    await screen.findByRole('table', { name: 'Readings of Meter 1' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByTestId('export-done')).toHaveTextContent(
      'Your browser is downloading Meter_2026-01-01_2026-11-21_en.csv',
    );
    expect(saved).toEqual([
      {
        name: 'Meter_2026-01-01_2026-11-21_en.csv',
        href: `${EXPORT_PATH}?token=signed`,
        blob: undefined,
      },
    ]);
    expect(bodiesTo(requests, link)[0]).toMatchObject({ format: 'csv', dtStart: '2026-01-01' });
    await waitFor(() => expect(bodiesTo(requests, EXPORT_PATH)).toHaveLength(0));
  });
});
