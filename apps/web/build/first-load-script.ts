import type { Plugin } from 'vite';

/**
 * Puts the `first-load` chunk in index.html as a script of its own, ahead of
 * the entry (issue #14). Imported only by the entry, it ran once the whole
 * login route had arrived (a module runs after every module it imports has):
 * on a phone the language's strings, the frame's and the page's calls and the
 * page chunks all waited ~0.5 s behind 106 KB they do not need. The chunk
 * imports nothing, so as an async script it runs as soon as it is here; the
 * entry's import of the same URL finds it already run (one instance, one run).
 */
export function firstLoadScript(chunkName = 'first-load'): Plugin {
  return {
    name: 'wattboard-first-load-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === chunkName,
        );
        if (!chunk || chunk.type !== 'chunk') throw new Error(`no ${chunkName} chunk in the build`);
        if (chunk.imports.length > 0) {
          // It would wait for those, and run them before the entry's own order.
          throw new Error(
            `${chunkName} must import nothing; it imports ${chunk.imports.join(', ')}`,
          );
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
