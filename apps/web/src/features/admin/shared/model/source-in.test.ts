import { describe, expect, it } from 'vitest';
import { sourceIn } from './source-in';

describe('sourceIn', () => {
  const both = { source: 'MOEA Energy Administration', sourceZh: '經濟部能源署' };
  it("reads the reader's language", () => {
    expect(sourceIn(both, 'en')).toBe('MOEA Energy Administration');
    expect(sourceIn(both, 'zh-TW')).toBe('經濟部能源署');
  });
  it('falls back to the other language when one is empty or blank, and to nothing', () => {
    expect(sourceIn({ source: 'Typed note', sourceZh: '  ' }, 'zh-TW')).toBe('Typed note');
    expect(sourceIn({ source: '', sourceZh: '只有中文' }, 'en')).toBe('只有中文');
    expect(sourceIn({ source: ' ', sourceZh: '' }, 'en')).toBe('');
  });
});
