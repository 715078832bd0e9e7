import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminFactory, Scope2Response } from '@wattboard/contract';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';

const SCOPE2 = '/v1/Web/Carbon/Scope2';
const CERTIFICATES = '/v1/Admin/RenewableCertificate/Save';
const FACTORY_UPDATE = '/v1/Admin/Factory/Update';

/** The answer's own fields; the harness's ok() adds the envelope. */
type Report = Omit<
  Scope2Response,
  'statusCode' | 'message' | 'email' | 'action' | 'username' | 'token' | 'dtTokenExpire'
>;

/** 2025 at 2024's factor: two billing points, two months. */
const TWO_POINTS: Report = {
  year: 2025,
  kgPerKwh: 0.474,
  factorYear: 2024,
  provisional: false,
  source: 'Energy Administration, 2025',
  sourceZh: '能源署，2025',
  months: [
    { month: '2025-01', kwh: 15000.4, tco2e: 7.11 },
    { month: '2025-02', kwh: 13500, tco2e: 6.399 },
  ],
  kwh: 28500.4,
  tco2e: 13.509,
  points: [
    {
      nodeId: 11,
      name: 'Main incomer',
      chName: '主受電點',
      accountNumber: '01-2345-6789',
      months: [
        { month: '2025-01', kwh: 12000.4, tco2e: 5.688 },
        { month: '2025-02', kwh: 11000, tco2e: 5.214 },
      ],
      kwh: 23000.4,
      tco2e: 10.902,
    },
    {
      nodeId: 12,
      name: 'Line 2, "north"',
      chName: '二號線（北）',
      accountNumber: '',
      months: [
        { month: '2025-01', kwh: 3000, tco2e: 1.422 },
        { month: '2025-02', kwh: 2500, tco2e: 1.185 },
      ],
      kwh: 5500,
      tco2e: 2.607,
    },
  ],
  certificates: { kwh: 0, note: '' },
  marketBased: { kwh: 28500.4, tco2e: 13.509 },
  carbonFee: [
    { ntdPerTonne: 300, ntd: 4052.7 },
    { ntdPerTonne: 100, ntd: 1350.9 },
    { ntdPerTonne: 50, ntd: 675.45 },
  ],
};

/** 2026 so far: one point, its factor not entered yet (2024's stands in). */
const THIS_YEAR: Report = {
  ...TWO_POINTS,
  year: 2026,
  provisional: true,
  source: '',
  sourceZh: '',
  months: [{ month: '2026-01', kwh: 1000, tco2e: 0.474 }],
  kwh: 1000,
  tco2e: 0.474,
  points: [{ ...TWO_POINTS.points[0]!, months: [{ month: '2026-01', kwh: 1000, tco2e: 0.474 }] }],
  carbonFee: [
    { ntdPerTonne: 300, ntd: 142.2 },
    { ntdPerTonne: 100, ntd: 47.4 },
    { ntdPerTonne: 50, ntd: 23.7 },
  ],
};

const factory: AdminFactory = {
  id: 1,
  slug: 'demo',
  name: 'Demo plant',
  nameZh: '示範工廠',
  timeZone: 'Asia/Taipei',
  co2Factor: 0.474,
  contractCapacityKw: 500,
};

/** A year's report with its certificates, as the server counts them: never below 0 kWh. */
function withCertificates(report: Report, certificates: Report['certificates']): Report {
  const kwh = Math.max(0, report.kwh - certificates.kwh);
  return {
    ...report,
    certificates,
    marketBased: { kwh, tco2e: Math.round(kwh * report.kgPerKwh) / 1000 },
  };
}

/**
 * The factory's server; the channel list puts the factory's clock in November
 * 2026. Certificates saved are kept by year and counted in that year's report.
 */
function server(certificates: Record<number, Report['certificates']> = {}): Answers {
  const kept = { ...certificates };
  const report = (year: number) =>
    withCertificates(year === 2026 ? THIS_YEAR : TWO_POINTS, kept[year] ?? { kwh: 0, note: '' });
  return {
    '/v1/Admin/Factory/Get': () => ok('/v1/Admin/Factory/Get', { factory, job: null }),
    '/v1/Admin/Job/List': () => ok('/v1/Admin/Job/List', { jobs: [] }),
    '/v1/Admin/EmissionFactor/List': () =>
      ok('/v1/Admin/EmissionFactor/List', {
        factors: [
          {
            year: 2024,
            kgPerKwh: 0.474,
            source: 'Energy Administration, 2025',
            sourceZh: '能源署，2025',
          },
        ],
        currentYear: 2026,
        current: { kgPerKwh: 0.474, fromYear: 2024 },
      }),
    '/v1/Admin/EmissionFactor/Save': (body) =>
      ok('/v1/Admin/EmissionFactor/Save', {
        factors: [
          {
            year: 2024,
            kgPerKwh: 0.474,
            source: 'Energy Administration, 2025',
            sourceZh: '能源署，2025',
          },
          { year: Number(body.year), kgPerKwh: Number(body.kgPerKwh), source: '', sourceZh: '' },
        ],
        currentYear: 2026,
        current: { kgPerKwh: 0.474, fromYear: 2024 },
      }),
    '/v1/Admin/Factory/Update': () => ok(FACTORY_UPDATE, { factory, job: null }),
    [CERTIFICATES]: (body) => {
      const entry = { kwh: Number(body.kwh), note: String(body.note) };
      kept[Number(body.year)] = entry.kwh === 0 ? { kwh: 0, note: '' } : entry;
      return ok(CERTIFICATES, { year: Number(body.year), ...kept[Number(body.year)] });
    },
    [SCOPE2]: (body) => ok(SCOPE2, report(Number(body.year))),
  };
}

const tables = () => screen.getAllByTestId('scope2-table');
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/** What the page handed to the browser's download: the file's name and its bytes as text. */
function watchDownloads() {
  const saved: { name: string; text: Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href')!)!;
    saved.push({
      name: this.download,
      // Kept with its BOM, as Excel sees it.
      text: blob
        .arrayBuffer()
        .then((bytes) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)),
    });
  });
  return saved;
}

describe('Admin › Factory › Scope 2 emissions by year', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });
  let saved: ReturnType<typeof watchDownloads>;
  beforeEach(() => {
    saved = watchDownloads();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows last year by default: each billing point’s months, the factory’s, the factor and the fee', async () => {
    const { network } = renderAdmin('factory', server());
    const section = within(
      (await screen.findByRole('heading', { name: 'Scope 2 emissions by year' })).closest(
        'section',
      )!,
    );
    await waitFor(() => expect(tables()).toHaveLength(3));
    expect(sentTo(network, SCOPE2)).toEqual([
      expect.objectContaining({ factoryId: 0, year: 2025 }),
    ]);
    const year = section.getByLabelText('Year');
    expect(year).toHaveValue('2025');
    const options = within(year)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[0]).toBe('2026');
    expect(options.at(-1)).toBe('2017');

    expect(screen.getByTestId('scope2-factor')).toHaveTextContent(
      'Emission factor 0.474 kg CO2e/kWh (2024). Source: Energy Administration, 2025',
    );
    expect(screen.queryByTestId('scope2-provisional')).toBeNull();

    const [main, line2, whole] = tables();
    expect(within(main!).getByText('Main incomer')).toBeInTheDocument();
    expect(within(main!).getByText('Account 01-2345-6789')).toBeInTheDocument();
    expect(cells(main!)).toEqual([
      ['Month', 'kWh', 't CO2e'],
      ['2025/01', '12,000', '5.688'],
      ['2025/02', '11,000', '5.214'],
      ['Total', '23,000', '10.902'],
    ]);
    expect(within(line2!).getByText('Line 2, "north"')).toBeInTheDocument();
    expect(within(line2!).getByText('no account number')).toBeInTheDocument();
    expect(within(whole!).getByText('Whole factory')).toBeInTheDocument();
    expect(cells(whole!).at(-1)).toEqual(['Total', '28,500', '13.509']);

    const fees = within(screen.getByTestId('scope2-fees'));
    expect(fees.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'At NT$300 per tonne (general rate)',
      'At NT$100 per tonne (with an approved reduction plan)',
      'At NT$50 per tonne (with an approved reduction plan)',
    ]);
    expect(fees.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      'NT$4,053',
      'NT$1,351',
      'NT$675',
    ]);
    expect(section.getByText(/^For information only/)).toBeInTheDocument();
  });

  it('says in 中文 whose figures they are, by the points’ Chinese names', async () => {
    await i18n.changeLanguage('zh');
    renderAdmin('factory', server());
    expect(await screen.findByRole('heading', { name: '範疇二排放（年度）' })).toBeInTheDocument();
    await waitFor(() => expect(tables()).toHaveLength(3));
    const [main, line2, whole] = tables();
    expect(within(main!).getByText('主受電點')).toBeInTheDocument();
    expect(within(main!).getByText('電號 01-2345-6789')).toBeInTheDocument();
    expect(cells(main!)[0]).toEqual(['月份', 'kWh', '公噸 CO2e']);
    expect(cells(main!).at(-1)).toEqual(['合計', '23,000', '10.902']);
    expect(within(line2!).getByText('二號線（北）')).toBeInTheDocument();
    expect(within(line2!).getByText('未輸入電號')).toBeInTheDocument();
    expect(within(whole!).getByText('全廠')).toBeInTheDocument();
    expect(screen.getByTestId('scope2-factor')).toHaveTextContent(
      '電力排碳係數 0.474 kg CO2e/kWh（2024 年度）。來源：能源署，2025',
    );
    const fees = within(screen.getByTestId('scope2-fees'));
    expect(fees.getAllByRole('term')[0]).toHaveTextContent('每公噸 新臺幣 300 元（一般費率）');
    expect(fees.getAllByRole('definition')[0]).toHaveTextContent('新臺幣 4,053 元');
    expect(screen.getByRole('button', { name: '下載 CSV' })).toBeEnabled();
  });

  it('says when an earlier year’s factor stands in for this year’s', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', server());
    await waitFor(() => expect(tables()).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Year'), '2026');
    expect(await screen.findByTestId('scope2-provisional')).toHaveTextContent(
      "Provisional: 2024's factor stands in until 2026's is entered.",
    );
    expect(sentTo(network, SCOPE2).map((body) => body.year)).toEqual([2025, 2026]);
    expect(screen.getByTestId('scope2-factor')).toHaveTextContent('Source: not entered');
    // One billing point: one table, under its name.
    expect(tables()).toHaveLength(1);
    expect(within(tables()[0]!).getByText('Main incomer')).toBeInTheDocument();
  });

  it('downloads the CSV built from the answer, without asking the server again', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', server());
    await waitFor(() => expect(tables()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('scope2-2025.csv');
    expect(await saved[0]!.text).toBe(
      '\uFEFF' +
        [
          'Billing point,Account number,Month,kWh,t CO2e',
          'Main incomer,01-2345-6789,2025-01,12000.4,5.688',
          'Main incomer,01-2345-6789,2025-02,11000,5.214',
          'Main incomer,01-2345-6789,Total,23000.4,10.902',
          '"Line 2, ""north""",,2025-01,3000,1.422',
          '"Line 2, ""north""",,2025-02,2500,1.185',
          '"Line 2, ""north""",,Total,5500,2.607',
          'Whole factory,,2025-01,15000.4,7.110',
          'Whole factory,,2025-02,13500,6.399',
          'Whole factory,,Total,28500.4,13.509',
          'Market-based,,,28500.4,13.509',
          'T-REC certificates,,,0,,',
          '',
          '"Emission factor 0.474 kg CO2e/kWh (2024); source: Energy Administration, 2025"',
          '',
        ].join('\r\n'),
    );
    expect(sentTo(network, SCOPE2)).toHaveLength(1);
  });

  it('reads the report again when a year’s factor is saved above it', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', server());
    await waitFor(() => expect(tables()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Add a year' }));
    const dialog = within(screen.getByRole('dialog', { name: "Add a year's emission factor" }));
    await user.type(dialog.getByLabelText('Year'), '2025');
    await user.type(dialog.getByLabelText('kg CO2e/kWh'), '0.47');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, SCOPE2)).toHaveLength(2));
    expect(sentTo(network, SCOPE2)[1]).toEqual(expect.objectContaining({ year: 2025 }));
  });

  it('writes the CSV’s header and names in 中文', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    renderAdmin('factory', server());
    await waitFor(() => expect(tables()).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('年度'), '2026');
    await screen.findByTestId('scope2-provisional');
    await user.click(screen.getByRole('button', { name: '下載 CSV' }));
    const lines = (await saved[0]!.text).slice(1).split('\r\n');
    expect(lines[0]).toBe('電號（計費點）,電號,月份,kWh,公噸 CO2e');
    expect(lines[1]).toBe('主受電點,01-2345-6789,2026-01,1000,0.474');
    expect(lines[3]).toBe('全廠,,2026-01,1000,0.474');
    expect(lines[5]).toBe('市場基準,,,1000,0.474');
    expect(lines[6]).toBe('再生能源憑證（T-REC）,,,0,,');
    expect(lines.at(-2)).toBe(
      '電力排碳係數 0.474 kg CO2e/kWh（2024 年度，在輸入 2026 年度的係數之前暫用）；來源：未輸入',
    );
  });

  it('shows both methods’ totals, the year’s certificates and why market-based is lower', async () => {
    renderAdmin('factory', server({ 2025: { kwh: 20000, note: 'TW-2025-0001, Seller A' } }));
    const methods = within(await screen.findByTestId('scope2-methods'));
    expect(methods.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Location-based',
      'Market-based',
    ]);
    expect(methods.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '28,500 kWh13.509 t CO2e',
      '8,500 kWh4.029 t CO2e',
    ]);
    expect(screen.getByTestId('scope2-certificates')).toHaveTextContent(
      'T-REC certificates retired for 2025: 20,000 kWh — TW-2025-0001, Seller A',
    );
    expect(
      screen.getByText(/^Market-based counts the kWh covered by certificates as zero-emission/),
    ).toHaveTextContent('Taiwan publishes no residual mix');
    expect(screen.getByRole('button', { name: 'Change certificates' })).toBeEnabled();
  });

  it('enters a year’s certificates; the report reads again and counts them, in the CSV too', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', server());
    render(<ToastContainer />);
    expect(await screen.findByTestId('scope2-certificates')).toHaveTextContent(
      'No T-REC certificates entered for 2025.',
    );
    expect(
      within(screen.getByTestId('scope2-methods')).getAllByRole('definition')[1],
    ).toHaveTextContent('28,500 kWh13.509 t CO2e');
    await user.click(screen.getByRole('button', { name: 'Enter certificates' }));
    const dialog = within(screen.getByRole('dialog', { name: 'T-REC certificates for 2025' }));
    await user.type(dialog.getByLabelText('Certificates retired (kWh)'), ' 20000 ');
    await user.type(dialog.getByLabelText('Note'), ' Seller A ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, CERTIFICATES)).toEqual([
        expect.objectContaining({ year: 2025, kwh: 20000, note: 'Seller A' }),
      ]),
    );
    expect(await screen.findByText('T-REC certificates for 2025 saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('scope2-certificates')).toHaveTextContent(
        'T-REC certificates retired for 2025: 20,000 kWh — Seller A',
      ),
    );
    expect(sentTo(network, SCOPE2).map((body) => body.year)).toEqual([2025, 2025]);
    expect(
      within(screen.getByTestId('scope2-methods')).getAllByRole('definition')[1],
    ).toHaveTextContent('8,500 kWh4.029 t CO2e');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const lines = (await saved[0]!.text).slice(1).split('\r\n');
    expect(lines.slice(10, 12)).toEqual([
      'Market-based,,,8500.4,4.029',
      'T-REC certificates,,,20000,,Seller A',
    ]);

    // Changing them starts from what is entered; 0 removes them.
    await user.click(screen.getByRole('button', { name: 'Change certificates' }));
    const change = within(screen.getByRole('dialog', { name: 'T-REC certificates for 2025' }));
    expect(change.getByLabelText('Certificates retired (kWh)')).toHaveValue('20000');
    expect(change.getByLabelText('Note')).toHaveValue('Seller A');
    await user.clear(change.getByLabelText('Certificates retired (kWh)'));
    await user.type(change.getByLabelText('Certificates retired (kWh)'), '0');
    await user.click(change.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('scope2-certificates')).toHaveTextContent(
        'No T-REC certificates entered for 2025.',
      ),
    );
  });

  it('checks the certificates before sending, and shows a refusal on its field', async () => {
    const user = userEvent.setup();
    const answers = server();
    answers[CERTIFICATES] = () => refusal('kwh: kwh must be at most 10000000000', 201, 400);
    const { network } = renderAdmin('factory', answers);
    await user.click(await screen.findByRole('button', { name: 'Enter certificates' }));
    const dialog = within(screen.getByRole('dialog', { name: 'T-REC certificates for 2025' }));
    const kwh = dialog.getByLabelText('Certificates retired (kWh)');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Required.')).toBeInTheDocument();
    await user.type(kwh, '-5');
    await user.type(dialog.getByLabelText('Note'), 'x'.repeat(301));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Must be 0 or more.')).toBeInTheDocument();
    expect(dialog.getByText('Too long (at most 300 characters).')).toBeInTheDocument();
    expect(sentTo(network, CERTIFICATES)).toEqual([]);

    await user.clear(kwh);
    await user.type(kwh, '5000');
    await user.clear(dialog.getByLabelText('Note'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Must be at most 10000000000.')).toBeInTheDocument();
    expect(kwh).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(network, CERTIFICATES)).toHaveLength(1);
    expect(sentTo(network, SCOPE2)).toHaveLength(1);
  });

  it('says the methods and enters certificates in 中文', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', server());
    const methods = within(await screen.findByTestId('scope2-methods'));
    expect(methods.getAllByRole('term').map((term) => term.textContent)).toEqual([
      '地點基準',
      '市場基準',
    ]);
    expect(methods.getAllByRole('definition')[1]).toHaveTextContent('28,500 kWh13.509 公噸 CO2e');
    expect(screen.getByTestId('scope2-certificates')).toHaveTextContent(
      '2025 年度未輸入再生能源憑證（T-REC）。',
    );
    expect(screen.getByText(/^市場基準將憑證涵蓋的度數視為零排放/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '輸入憑證' }));
    const dialog = within(screen.getByRole('dialog', { name: '2025 年度再生能源憑證（T-REC）' }));
    await user.type(dialog.getByLabelText('註銷的憑證度數（kWh）'), '-1');
    await user.click(dialog.getByRole('button', { name: '儲存' }));
    expect(await dialog.findByText('必須大於或等於 0。')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('註銷的憑證度數（kWh）'));
    await user.type(dialog.getByLabelText('註銷的憑證度數（kWh）'), '120000');
    await user.type(dialog.getByLabelText('備註'), '台電綠電');
    await user.click(dialog.getByRole('button', { name: '儲存' }));
    await waitFor(() =>
      expect(screen.getByTestId('scope2-certificates')).toHaveTextContent(
        '2025 年度註銷的再生能源憑證（T-REC）：120,000 kWh — 台電綠電',
      ),
    );
    // More certificates than grid kWh: market-based is 0, never below.
    expect(methods.getAllByRole('definition')[1]).toHaveTextContent('0 kWh0.000 公噸 CO2e');
    expect(screen.getByRole('button', { name: '修改憑證' })).toBeInTheDocument();
    expect(sentTo(network, SCOPE2)).toHaveLength(2);
  });

  it('reads the report again when the factory is saved (its zone or this year’s factor)', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', server());
    await waitFor(() => expect(tables()).toHaveLength(3));
    const co2 = screen.getByLabelText('CO2 factor of this year (kg/kWh)');
    await user.clear(co2);
    await user.type(co2, '0.46');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, FACTORY_UPDATE)).toHaveLength(1));
    await waitFor(() => expect(sentTo(network, SCOPE2)).toHaveLength(2));
  });
});
