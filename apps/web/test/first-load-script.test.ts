import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstLoadScript } from '../build/first-load-script';

/** The plugin's HTML step run on a bundle of these chunks. */
function transform(chunks: { name: string; fileName: string; imports: string[] }[]) {
  const hook = firstLoadScript().transformIndexHtml as { handler: IndexHtmlTransformHook };
  const bundle = Object.fromEntries(
    chunks.map((chunk) => [chunk.fileName, { type: 'chunk', ...chunk }]),
  );
  const context = { path: '/index.html', filename: 'index.html', bundle };
  return hook.handler.call(
    undefined as never,
    '<html></html>',
    context as unknown as IndexHtmlTransformContext,
  );
}

describe('firstLoadScript', () => {
  it('adds the first-load chunk as an async module script of its own', () => {
    expect(
      transform([
        { name: 'index', fileName: 'assets/index-1.js', imports: ['assets/login-2.js'] },
        { name: 'first-load', fileName: 'assets/first-load-3.js', imports: [] },
      ]),
    ).toEqual([
      {
        tag: 'script',
        attrs: { type: 'module', async: true, crossorigin: true, src: '/assets/first-load-3.js' },
        injectTo: 'head',
      },
    ]);
  });

  it('refuses a first-load chunk that imports another: it would wait for that one', () => {
    expect(() =>
      transform([
        { name: 'first-load', fileName: 'assets/first-load-3.js', imports: ['assets/x.js'] },
      ]),
    ).toThrow('first-load must import nothing; it imports assets/x.js');
  });

  it('refuses a build without the chunk (the group was renamed)', () => {
    expect(() => transform([])).toThrow('no first-load chunk in the build');
  });
});
