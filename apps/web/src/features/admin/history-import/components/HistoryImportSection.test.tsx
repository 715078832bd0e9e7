import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryRefusal } from '@wattboard/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';
import { adminNode, nodesServer } from '@/testing/admin/nodes';

const PREVIEW = '/v1/Admin/HistoryImport/Preview';
const CHUNK = '/v1/Admin/HistoryImport/Chunk';
const HEADER = 'Time,Meter,kWh,kW';
const CSV = `${HEADER}\n2026-11-20 08:00,WB-M01,100,5\n2026-11-20 08:15,WB-M01,abc,5\n2026-11-20 08:30,WB-M01,102,6\n`;
const MAPPING = { time: 'Time', serial: 'Meter', kwh: 'kWh', kw: 'kW' };
const BAD_KWH: HistoryRefusal = {
  row: 2,
  column: 'kWh',
  kind: 'badNumber',
  value: 'abc',
  reason: 'kWh is not a number: "abc"',
};
const PREVIEW_ROWS = [
  { row: 1, serial: 'WB-M01', ts: '2026-11-20T00:00:00.000Z', kwh: 100, kw: 5 },
  { row: 3, serial: 'WB-M01', ts: '2026-11-20T00:30:00.000Z', kwh: 102, kw: 6 },
];

function server(answers: Answers = {}): Answers {
  const { answers: nodes } = nodesServer([
    adminNode({
      id: 1,
      type: 'smartMeter',
      serial: 'WB-M01',
      name: 'Main meter',
      chName: '主電表',
    }),
    adminNode({ id: 2, type: 'virtual', name: 'Plant' }),
  ]);
  return {
    ...nodes,
    [PREVIEW]: (body) =>
      ok(PREVIEW, {
        columns: ['Time', 'Meter', 'kWh', 'kW'],
        mapping: body.mapping ?? MAPPING,
        rows: PREVIEW_ROWS,
        refused: [BAD_KWH],
      }),
    [CHUNK]: (body) => {
      const rows = String(body.csv).trimEnd().split('\n').length - 1;
      return ok(CHUNK, {
        rows,
        accepted: rows - 1,
        duplicates: 0,
        refusedCount: 1,
        refused: [{ ...BAD_KWH, row: Number(body.firstRow) + 1 }],
      });
    },
    ...answers,
  };
}

const section = () => within(screen.getByRole('region', { name: 'Import history from CSV' }));
const csvFile = (text: string, name = 'history.csv') =>
  new File([text], name, { type: 'text/csv' });

async function upload(text: string) {
  const user = userEvent.setup();
  await user.upload(await section().findByLabelText('CSV file (UTF-8)'), csvFile(text));
  return user;
}

describe('Admin › Import: history from CSV', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });
  afterEach(() => i18n.changeLanguage('en'));

  it("previews the file's start with the server's guessed mapping, its rows and refusals", async () => {
    const { network } = renderAdmin('import', server());
    await screen.findByRole('region', { name: 'Import history from CSV' });
    await upload(`\uFEFF${CSV.replaceAll('\n', '\r\n')}`);
    expect(await section().findAllByTestId('history-preview-row')).toHaveLength(2);
    // The guess is sent without a mapping, the file as LF lines without its BOM.
    expect(sentTo(network, PREVIEW)).toEqual([
      expect.objectContaining({ format: 'readings', csv: CSV }),
    ]);
    expect(sentTo(network, PREVIEW)[0]).not.toHaveProperty('mapping');
    expect(section().getByLabelText('Time (required)')).toHaveValue('Time');
    expect(section().getByLabelText('Meter serial')).toHaveValue('Meter');
    expect(section().getByLabelText('kWh (required)')).toHaveValue('kWh');
    expect(section().getByLabelText('Voltage (V)')).toHaveValue('');
    // A serial column is mapped: no meter to choose.
    expect(section().queryByLabelText('Meter')).toBeNull();
    const refused = within(section().getByRole('region', { name: 'Refused among the first rows' }));
    expect(refused.getByRole('listitem')).toHaveTextContent(
      'Row 2, column kWh: not a number (abc)',
    );
  });

  it('sends a large file in chunks, in order, each from its first row, and sums the answers', async () => {
    const lines = Array.from(
      { length: 60_000 },
      (_, i) => `2026-11-20 08:00,WB-M01,${String(i).padStart(24, '0')},5`,
    );
    const { network } = renderAdmin('import', server());
    await screen.findByRole('region', { name: 'Import history from CSV' });
    const user = await upload(`${HEADER}\n${lines.join('\n')}\n`);
    await section().findAllByTestId('history-preview-row');
    await user.click(section().getByRole('button', { name: 'Import' }));
    expect(await section().findByText('Import finished.')).toBeVisible();

    const chunks = sentTo(network, CHUNK);
    // About 3.1 MB: four chunks of at most 1,000,000 characters.
    expect(chunks).toHaveLength(4);
    let next = 1;
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ format: 'readings', mapping: MAPPING, firstRow: next });
      const csv = String(chunk.csv);
      expect(csv.length).toBeLessThan(1_000_000);
      expect(csv.startsWith(`${HEADER}\n`)).toBe(true);
      next += csv.trimEnd().split('\n').length - 1;
    }
    expect(next).toBe(60_001);
    const totals = section().getByRole('list', { name: 'Import result' });
    expect(totals).toHaveTextContent('60000 rows');
    // Each chunk's answer refuses one row (the fake server above).
    expect(totals).toHaveTextContent('59996 stored');
    expect(totals).toHaveTextContent('0 duplicates');
    expect(totals).toHaveTextContent('4 refused');
    const progress = section().getByRole('progressbar', { name: 'Import progress' });
    expect(progress).toHaveAttribute('value', progress.getAttribute('max'));
    expect(section().getByText(/^Rows sent: 60,000 · /)).toBeVisible();
  });

  it('tells refused rows in 中文 with their row and column, never the English reason', async () => {
    renderAdmin('import', server());
    await screen.findByRole('region', { name: 'Import history from CSV' });
    const user = await upload(CSV);
    await section().findAllByTestId('history-preview-row');
    await user.click(section().getByRole('button', { name: 'Import' }));
    const refused = within(await section().findByRole('region', { name: 'Refused rows' }));
    expect(refused.getByRole('listitem')).toHaveTextContent(
      'Row 2, column kWh: not a number (abc)',
    );

    await act(() => i18n.changeLanguage('zh'));
    const zh = within(screen.getByRole('region', { name: '從 CSV 匯入歷史資料' }));
    expect(zh.getByRole('list', { name: '匯入結果' })).toHaveTextContent('拒絕 1 列');
    const list = within(zh.getByRole('region', { name: '被拒絕的列' }));
    expect(list.getByRole('listitem')).toHaveTextContent('第 2 列「kWh」欄：不是數字（abc）');
    expect(zh.getByRole('region', { name: '被拒絕的列' })).not.toHaveTextContent('not a number');
  });

  it('asks for the meter of a file without a serial column, then previews it', async () => {
    const oneMeter = 'Interval End,Usage\n2026-11-20 08:15,1.5\n';
    let previews = 0;
    const { network } = renderAdmin(
      'import',
      server({
        [PREVIEW]: (body) =>
          ++previews === 1
            ? refusal('mapping.serial: map a serial column, or name the meter in meterSerial')
            : ok(PREVIEW, {
                columns: ['Interval End', 'Usage'],
                mapping: { time: 'Interval End', kwh: 'Usage' },
                rows: [{ ...PREVIEW_ROWS[0]!, row: 1, kwh: 1.5, kw: 6 }],
                refused: [],
                echo: body,
              }),
      }),
    );
    await screen.findByRole('region', { name: 'Import history from CSV' });
    const user = await upload(oneMeter);
    const meter = await section().findByLabelText('Meter');
    // The header, read here, already offers its columns.
    expect(section().getByLabelText('Time (required)')).toHaveTextContent('Interval End');
    expect(
      within(meter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a meter', 'Main meter (WB-M01)']);
    await user.click(section().getByLabelText(/Interval energy/));
    await user.selectOptions(meter, 'WB-M01');
    await user.click(section().getByRole('button', { name: 'Preview again' }));
    expect(await section().findByTestId('history-preview-row')).toHaveTextContent('1.5');
    expect(sentTo(network, PREVIEW)[1]).toMatchObject({
      format: 'interval',
      intervalMinutes: 15,
      intervalTime: 'end',
      meterSerial: 'WB-M01',
    });
    expect(section().getByLabelText('Time (required)')).toHaveValue('Interval End');
  });

  it("shows a bad request's message as the other sections do", async () => {
    renderAdmin(
      'import',
      server({
        [PREVIEW]: (body) =>
          body.mapping
            ? refusal(
                'mapping.kw: the file has no column "Power" (it has Time, Meter, kWh, kW)',
                201,
                400,
              )
            : ok(PREVIEW, {
                columns: ['Time', 'Meter', 'kWh', 'kW'],
                mapping: MAPPING,
                rows: PREVIEW_ROWS,
                refused: [],
              }),
      }),
    );
    await screen.findByRole('region', { name: 'Import history from CSV' });
    const user = await upload(CSV);
    await section().findAllByTestId('history-preview-row');
    await user.click(section().getByRole('button', { name: 'Preview again' }));
    expect(await section().findByRole('alert')).toHaveTextContent(
      'The server refused this: mapping.kw: the file has no column "Power"',
    );
  });

  it('needs the time and kWh columns before importing', async () => {
    const { network } = renderAdmin('import', server());
    await screen.findByRole('region', { name: 'Import history from CSV' });
    const user = await upload(CSV);
    await section().findAllByTestId('history-preview-row');
    await user.selectOptions(section().getByLabelText('kWh (required)'), '');
    await user.click(section().getByRole('button', { name: 'Import' }));
    expect(section().getByRole('alert')).toHaveTextContent(
      'Choose the time and kWh columns first.',
    );
    expect(sentTo(network, CHUNK)).toEqual([]);
  });

  it('stops after the chunk in flight when cancelled', async () => {
    const lines = Array.from(
      { length: 60_000 },
      (_, i) => `2026-11-20 08:00,WB-M01,${i},5,${'x'.repeat(20)}`,
    );
    const base = server();
    const { network } = renderAdmin(
      'import',
      server({
        [CHUNK]: (body) => {
          // Cancel is pressed while the first chunk is on its way.
          screen.getByRole('button', { name: 'Cancel' }).click();
          return base[CHUNK]!(body);
        },
      }),
    );
    await screen.findByRole('region', { name: 'Import history from CSV' });
    const user = await upload(`${HEADER},Note\n${lines.join('\n')}\n`);
    await section().findAllByTestId('history-preview-row');
    await user.click(section().getByRole('button', { name: 'Import' }));
    expect(await section().findByText(/^Import stopped/)).toBeVisible();
    expect(sentTo(network, CHUNK)).toHaveLength(1);
    expect(section().getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('stops at a chunk the server refuses, saying from which row, and keeps the sums so far', async () => {
    const lines = Array.from(
      { length: 60_000 },
      (_, i) => `2026-11-20 08:00,WB-M01,${String(i).padStart(24, '0')},5`,
    );
    const base = server();
    const { network } = renderAdmin(
      'import',
      server({
        [CHUNK]: (body) =>
          body.firstRow === 1 ? base[CHUNK]!(body) : refusal('the database is busy', 201, 503),
      }),
    );
    await screen.findByRole('region', { name: 'Import history from CSV' });
    const user = await upload(`${HEADER}\n${lines.join('\n')}\n`);
    await section().findAllByTestId('history-preview-row');
    await user.click(section().getByRole('button', { name: 'Import' }));
    const alert = await section().findByRole('alert');
    const second = Number(sentTo(network, CHUNK)[1]!.firstRow);
    expect(alert).toHaveTextContent(
      `The import stopped at the chunk from row ${second}; the rows before it are kept. The server failed. Try again later.`,
    );
    expect(sentTo(network, CHUNK)).toHaveLength(2);
    expect(section().getByRole('list', { name: 'Import result' })).toHaveTextContent(
      `${second - 1} rows`,
    );
  });

  it('says so when the file has nothing under its header', async () => {
    const { network } = renderAdmin('import', server());
    await screen.findByRole('region', { name: 'Import history from CSV' });
    await upload(`${HEADER}\r\n\r\n`);
    expect(await section().findByRole('alert')).toHaveTextContent(
      'The file has no rows under its header.',
    );
    expect(sentTo(network, PREVIEW)).toEqual([]);
  });
});
