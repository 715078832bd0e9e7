import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderOfflinePage, uiFontFaces } from '../build/offline-page';

const en = { title: 'You are offline', tryAgain: 'Try <again> & "now"' };
const zh = { title: '目前離線', tryAgain: '重試' };

describe('renderOfflinePage', () => {
  it('fills each language placeholder from its locale, escaped, and the font faces', () => {
    const html = renderOfflinePage(
      '<style>{{fontFaces}}</style><h1>{{en:title}}</h1><h1>{{zh:title}}</h1><b>{{en:tryAgain}}</b>',
      { en, zh },
      '@font-face{font-family:X}',
    );
    expect(html).toBe(
      '<style>@font-face{font-family:X}</style><h1>You are offline</h1><h1>目前離線</h1>' +
        '<b>Try &lt;again&gt; &amp; &quot;now&quot;</b>',
    );
  });

  it('fails the build on a key a locale does not have', () => {
    expect(() => renderOfflinePage('{{zh:missing}}', { en, zh }, '')).toThrow(
      'no offlinePage.missing in zh',
    );
  });

  it('leaves the template with no placeholder once both locales are filled in', () => {
    const locale = (file: string) =>
      (
        JSON.parse(readFileSync(`src/locales/${file}`, 'utf8')) as {
          offlinePage: Record<string, string>;
        }
      ).offlinePage;
    const html = renderOfflinePage(
      readFileSync('build/offline/offline.template.html', 'utf8'),
      { en: locale('en.json'), zh: locale('zh-TW.json') },
      '',
    );
    expect(html).not.toMatch(/\{\{/);
    expect(html).toContain('目前離線');
    expect(html).not.toMatch(/<script/i);
  });
});

describe('uiFontFaces', () => {
  it('keeps only the product font faces of a style sheet', () => {
    const css =
      'body{color:red}@font-face{font-family:Inter;src:url(/a.woff2)}' +
      '@font-face{font-family:Wattboard UI TC;src:url(/assets/ui-tc-0.woff2)format("woff2")}';
    expect(uiFontFaces(css)).toEqual([
      '@font-face{font-family:Wattboard UI TC;src:url(/assets/ui-tc-0.woff2)format("woff2")}',
    ]);
    expect(uiFontFaces('body{}')).toEqual([]);
  });
});
