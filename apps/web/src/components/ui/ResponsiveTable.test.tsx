import { act, fireEvent, render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ResponsiveTable } from './ResponsiveTable';

/** jsdom lays nothing out: give the scroll box the widths a 390 px phone would. */
function layOut(box: HTMLElement, { client, scroll }: { client: number; scroll: number }) {
  vi.spyOn(box, 'clientWidth', 'get').mockReturnValue(client);
  vi.spyOn(box, 'scrollWidth', 'get').mockReturnValue(scroll);
}

function Users() {
  return (
    <ResponsiveTable label="Users">
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Status</th>
            <th>Actions</th>
          </tr>
        </thead>
      </table>
    </ResponsiveTable>
  );
}

// Issue #23 item 6: at 390 px Admin › Users hid Status and the actions with no cue.
describe('ResponsiveTable', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is a named region the keyboard can reach and scroll', () => {
    render(<Users />);
    const region = screen.getByRole('region', { name: 'Users' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table'));
  });

  it('says there are more columns while some are out of view, on the side they are', async () => {
    const { rerender } = render(<Users />);
    const region = screen.getByRole('region', { name: 'Users' });
    layOut(region, { client: 340, scroll: 620 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    const frame = region.parentElement!;
    expect(frame).toHaveAttribute('data-more-end');
    expect(frame).not.toHaveAttribute('data-more-start');
    expect(screen.getByText('More columns: scroll sideways →')).toBeInTheDocument();

    region.scrollLeft = 280;
    fireEvent.scroll(region);
    expect(frame).toHaveAttribute('data-more-start');
    expect(frame).not.toHaveAttribute('data-more-end');
    expect(screen.queryByText('More columns: scroll sideways →')).not.toBeInTheDocument();

    region.scrollLeft = 100;
    fireEvent.scroll(region);
    await act(() => i18n.changeLanguage('zh'));
    rerender(<Users />);
    expect(screen.getByText('還有更多欄位：請左右滑動 →')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows no cue when the table fits', () => {
    render(<Users />);
    const region = screen.getByRole('region', { name: 'Users' });
    layOut(region, { client: 1200, scroll: 1200 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(region.parentElement).not.toHaveAttribute('data-more-end');
    expect(screen.queryByText(/More columns/)).not.toBeInTheDocument();
  });
});

const SOURCE = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('every table of the app', () => {
  // The report's virtual table is its own scroll box (rows are drawn as they scroll into view).
  const OWN_SCROLLER = ['features/report/components/VirtualTable.tsx'];

  it('sits in a ResponsiveTable', () => {
    const bare = sourceFiles(SOURCE)
      .map((file) => ({ file: relative(SOURCE, file), text: readFileSync(file, 'utf8') }))
      .filter(({ file, text }) => /<table[\s>]/.test(text) && !OWN_SCROLLER.includes(file))
      .filter(({ text }) => {
        const tables = text.match(/<table[\s>]/g)?.length ?? 0;
        const wrappers = text.match(/<ResponsiveTable[\s>]/g)?.length ?? 0;
        return wrappers < tables;
      })
      .map(({ file }) => file);
    expect(bare).toEqual([]);
  });
});
