import { describe, expect, it } from 'vitest';
import { compactFilters, exportFileName } from './filters';

describe('filters', () => {
  it('drops blanks, trims and makes numbers of numeric fields', () => {
    expect(
      compactFilters(
        { nodeId: '12', target: ' voltage ', state: '', from: '2026-11-01', to: '  ' },
        ['nodeId'],
      ),
    ).toEqual({
      nodeId: 12,
      target: 'voltage',
      from: '2026-11-01',
    });
    expect(compactFilters({})).toEqual({});
  });
});

describe('exportFileName', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      exportFileName(
        'attachment; filename="a.csv"; filename*=UTF-8\'\'%E8%AD%A6%E5%A0%B1.csv',
        'x.csv',
      ),
    ).toBe('警報.csv');
    expect(
      exportFileName('attachment; filename="audit-log-2026-11-01-2026-11-21.csv"', 'x.csv'),
    ).toBe('audit-log-2026-11-01-2026-11-21.csv');
    expect(exportFileName('attachment; filename=plain.csv', 'x.csv')).toBe('plain.csv');
    expect(exportFileName(null, 'x.csv')).toBe('x.csv');
    expect(exportFileName('attachment', 'x.csv')).toBe('x.csv');
  });

  it('never lets a name reach another folder', () => {
    expect(exportFileName('attachment; filename="../../etc/passwd"', 'x.csv')).toBe(
      '.._.._etc_passwd',
    );
    expect(exportFileName("attachment; filename*=UTF-8''%E0%A4%A", 'x.csv')).toBe('x.csv');
    expect(exportFileName('attachment; filename=".."', 'x.csv')).toBe('x.csv');
  });
});
