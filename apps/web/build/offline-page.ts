import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { UI_FONT_FAMILY } from './ui-font';

export type OfflineStrings = Record<string, string>;

const PLACEHOLDER = /\{\{(?:(en|zh):(\w+)|(fontFaces))\}\}/g;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * The offline page from its template: each {{en:key}} / {{zh:key}} is that
 * locale's offlinePage string (so its text is translated where every other
 * string is, and the Chinese font holds its characters), {{fontFaces}} the
 * product font's @font-face rules. A key missing from a locale fails the build.
 */
export function renderOfflinePage(
  template: string,
  strings: { en: OfflineStrings; zh: OfflineStrings },
  fontFaces: string,
): string {
  return template.replace(PLACEHOLDER, (_match, language?: 'en' | 'zh', key?: string) => {
    if (!language || !key) return fontFaces;
    const text = strings[language][key];
    if (text === undefined) throw new Error(`offline page: no offlinePage.${key} in ${language}`);
    return escapeHtml(text);
  });
}

/** The @font-face rules of the product's Chinese UI font found in a built style sheet. */
export function uiFontFaces(css: string): string[] {
  return (css.match(/@font-face\s*\{[^}]*\}/g) ?? []).filter((rule) =>
    rule.includes(UI_FONT_FAMILY),
  );
}

/**
 * Emits offline.html (the service worker's fallback, build/installable-app.ts)
 * once the style sheets are built, with the UI font's faces copied from them:
 * a machine without a Chinese font still draws the page's 中文.
 */
export function offlinePage(files: { template: string; en: string; zh: string }): Plugin {
  const strings = (file: string) =>
    (JSON.parse(readFileSync(file, 'utf8')) as { offlinePage: OfflineStrings }).offlinePage;
  return {
    name: 'wattboard-offline-page',
    apply: 'build',
    generateBundle(_options, bundle) {
      const faces = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css')) {
          uiFontFaces(String(file.source)).forEach((rule) => faces.add(rule));
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: 'offline.html',
        source: renderOfflinePage(
          readFileSync(files.template, 'utf8'),
          { en: strings(files.en), zh: strings(files.zh) },
          [...faces].join('\n'),
        ),
      });
    },
  };
}
