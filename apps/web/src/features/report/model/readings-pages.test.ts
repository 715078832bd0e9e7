import { describe, expect, it } from 'vitest';
import { meterChannels, readingRows } from '@/testing/report/fixtures';
import { canLoadMore, channelNames, collectRows } from './readings-pages';

const pagesOf = (sizes: number[]) => {
  let start = 0;
  return sizes.map((size) => {
    const rows = readingRows(size, Date.parse('2026-11-21T00:00:00Z') + start * 30_000);
    start += size;
    return { reportList: rows };
  });
};

describe('rows of a keyset-paged report', () => {
  it('joins the pages in order', () => {
    const pages = pagesOf([3, 2]);
    const loaded = collectRows(pages, false, 100);
    expect(loaded.rows).toHaveLength(5);
    expect(loaded.rows[3]).toBe(pages[1]!.reportList[0]);
    expect(loaded.capped).toBe(false);
  });

  it('stops at the cap and says so when the range has more', () => {
    const loaded = collectRows(pagesOf([4, 4]), true, 6);
    expect(loaded.rows).toHaveLength(6);
    expect(loaded.capped).toBe(true);
    expect(canLoadMore(loaded, true)).toBe(false);
  });

  it('is capped when exactly the cap is loaded and another page exists', () => {
    const loaded = collectRows(pagesOf([3, 3]), true, 6);
    expect(loaded).toMatchObject({ capped: true });
  });

  it('is not capped when the range ends exactly at the cap', () => {
    const loaded = collectRows(pagesOf([3, 3]), false, 6);
    expect(loaded.capped).toBe(false);
    expect(canLoadMore(loaded, false)).toBe(false);
  });

  it('loads more while the server has a next page under the cap', () => {
    expect(canLoadMore(collectRows(pagesOf([2]), true, 6), true)).toBe(true);
  });

  it('handles no pages and empty pages', () => {
    expect(collectRows([], false, 6)).toEqual({ rows: [], capped: false });
    expect(collectRows([{ reportList: [] }], false, 6).rows).toEqual([]);
  });
});

describe('channel names of the meter', () => {
  it('follows the language', () => {
    expect(channelNames(meterChannels, 'en').get(92)).toBe('Air Dryer');
    expect(channelNames(meterChannels, 'zh-TW').get(92)).toBe('乾燥機');
  });
});
