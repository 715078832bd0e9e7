import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_ROW_CAP } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import { channelReportBody, readingRow } from '@/testing/report/fixtures';
import {
  bodiesTo,
  PAGE,
  preparePageTests,
  REPORT_PATH,
  SCROLL_HEIGHT,
  serveReport,
} from '@/testing/report/report-harness';
import { ROW_HEIGHT } from './VirtualTable';

const PAGE_ROWS = 10_000;
const START = Date.parse('2026-11-21T00:00:00Z');

/** Page `index` of an endless range: 10,000 rows, then a cursor naming its last row. */
function page(index: number) {
  const base = readingRow();
  const rows = Array.from({ length: PAGE_ROWS }, (_, i) => {
    const at = new Date(START + (index * PAGE_ROWS + i) * 1000).toISOString();
    return { ...base, dtReading: at, dtReceived: at, realPowerKW_Total: index * PAGE_ROWS + i };
  });
  const last = rows.at(-1)!.dtReading;
  return channelReportBody(rows, { nextCursor: `${last}~91` });
}

describe('Report page, 50,000 rows', () => {
  preparePageTests();

  it('pages in as the user scrolls or presses Load more, and stops at the cap', async () => {
    storeSession();
    let served = 0;
    const { requests } = serveReport({ [REPORT_PATH]: () => page(served++) });
    renderApp(PAGE);
    const table = await screen.findByRole(
      'table',
      { name: 'Readings of Meter 1' },
      { timeout: 15_000 },
    );
    expect(table).toHaveAttribute('aria-rowcount', String(PAGE_ROWS + 1));
    // Only the rows in view (plus a few) are in the document, not 10,000.
    expect(screen.getAllByRole('row').length).toBeLessThan(40);

    // Scrolling near the end of the loaded rows asks for the next page with the cursor.
    const region = screen.getByRole('region', { name: 'Readings of Meter 1' });
    region.scrollTop = (PAGE_ROWS - 100) * ROW_HEIGHT - SCROLL_HEIGHT;
    fireEvent.scroll(region);
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', String(2 * PAGE_ROWS + 1)), {
      timeout: 15_000,
    });
    const rowIndexes = screen
      .getAllByRole('row')
      .map((row) => Number(row.getAttribute('aria-rowindex')));
    expect(Math.max(...rowIndexes)).toBeGreaterThan(PAGE_ROWS - 100);
    expect(bodiesTo(requests, REPORT_PATH)[1]).toMatchObject({
      after: `${new Date(START + (PAGE_ROWS - 1) * 1000).toISOString()}~91`,
    });

    // The keyboard path: Load more, until the table holds the cap.
    const user = userEvent.setup();
    for (let loaded = 2; loaded < REPORT_ROW_CAP / PAGE_ROWS; loaded += 1) {
      await user.click(await screen.findByRole('button', { name: 'Load more rows' }));
      await waitFor(
        () => expect(table).toHaveAttribute('aria-rowcount', String((loaded + 1) * PAGE_ROWS + 1)),
        { timeout: 15_000 },
      );
    }
    expect(screen.getByTestId('report-row-count')).toHaveTextContent('50,000 rows');
    expect(
      screen.getByText(
        'The table shows the first 50,000 rows of this range. Use Export CSV or Export Excel for all of them.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more rows' })).not.toBeInTheDocument();
    expect(bodiesTo(requests, REPORT_PATH)).toHaveLength(REPORT_ROW_CAP / PAGE_ROWS);
  }, 120_000);
});
