import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhTW from './zh-TW.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}

const english = flatten(en);
const chinese = flatten(zhTW);
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('have no key missing in Traditional Chinese', () => {
    expect([...english.keys()].filter((key) => !chinese.has(key))).toEqual([]);
  });

  it('have no key missing in English', () => {
    expect([...chinese.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('have no empty text', () => {
    const empty = [...english, ...chinese].filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const mismatched = [...english].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(chinese.get(key) ?? '').join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('hold the texts the end-to-end tests and the fixed labels rely on', () => {
    expect(english.get('login.errors.incorrect')).toBe('Email or password is incorrect.');
    expect(chinese.get('login.errors.incorrect')).toBe('電子郵件或密碼不正確。');
    expect(english.get('login.errors.exception')).toBe('Invalid email or password');
    expect(chinese.get('login.errors.exception')).toBe('電子郵件或密碼無效');
    expect(english.get('app.loading')).toBe('Loading...');
    expect(chinese.get('app.loading')).toBe('載入中...');
    expect(chinese.get('nav.monitoringPoint')).toBe('監測點');
  });
});
