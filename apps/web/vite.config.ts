import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { planChunks, type ChunkPlan, type ModuleFacts } from './build/chunk-groups';
import { firstLoadScript } from './build/first-load-script';
import { installableApp } from './build/installable-app';
import { offlinePage } from './build/offline-page';
import { uiFont } from './build/ui-font';

const backend = 'http://localhost:3000';
const srcDir = fileURLToPath(new URL('./src', import.meta.url));

// The dev server forwards every API path (and the hub) to the
// server, so the client always talks to its own origin, as in production.
const proxiedPaths = ['/User', '/v1', '/api', '/API', '/healthz'];

/** The signed-in route modules (app/route-modules.ts and app/router.tsx load them). */
const landingPages = [
  'app/routes/ProtectedFrame.tsx',
  'features/overview/components/OverviewPage.tsx',
  'features/monitoring-point/components/MonitoringPointPage.tsx',
].map((file) => path.join(srcDir, file));
const signedInPages = [
  ...landingPages,
  ...[
    'features/control/components/ControlPage.tsx',
    'features/report/components/ReportPage.tsx',
    'features/admin/components/AdminPage.tsx',
  ].map((file) => path.join(srcDir, file)),
];

/** The product's own Chinese web font (build/ui-font.ts): the characters its shipped sources hold. */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const uiFontPlugin = uiFont(
  {
    roots: ['apps/web/src', 'apps/server/src', 'packages/contract/src'].map((dir) =>
      path.join(repoRoot, dir),
    ),
    englishFiles: [
      path.join(srcDir, 'locales/en.json'),
      path.join(srcDir, 'components/LanguageSwitch.tsx'),
    ],
  },
  fileURLToPath(new URL('./node_modules/.cache/ui-font', import.meta.url)),
);

const contractBarrel = fileURLToPath(
  new URL('../../packages/contract/src/index.ts', import.meta.url),
);

/** The chunk plan of a build, made once from its module graph. */
const plans = new WeakMap<object, ChunkPlan>();
function chunkPlan(context: { getModuleInfo(id: string): ModuleFacts | null }): ChunkPlan {
  let plan = plans.get(context);
  if (!plan) {
    const roots = {
      entry: path.join(srcDir, 'main.tsx'),
      firstLoad: path.join(srcDir, 'app/first-load.ts'),
      pages: signedInPages,
      landing: landingPages,
      // The contract's barrel and zod: the login route imports its share by subpath.
      notLogin: (id: string) => id === contractBarrel || /[\\/]node_modules[\\/]zod[\\/]/.test(id),
    };
    plan = planChunks(roots, (id) => context.getModuleInfo(id));
    plans.set(context, plan);
  }
  return plan;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|css|html|svg|json|map)$/;

/**
 * Writes a .br and a .gz beside every compressible built file (at the best
 * levels: this runs once per build, not per request), so the server sends
 * them as they are (served compressed).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wattboard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const data = await readFile(full);
            const [br, gz] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzipAsync(data, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
          }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    uiFontPlugin,
    firstLoadScript(),
    offlinePage({
      template: fileURLToPath(new URL('./build/offline/offline.template.html', import.meta.url)),
      en: path.join(srcDir, 'locales/en.json'),
      zh: path.join(srcDir, 'locales/zh-TW.json'),
    }),
    VitePWA(installableApp),
    precompress(),
  ],
  resolve: { alias: { '@': srcDir } },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxiedPaths.map((path) => [path, { target: backend }])),
      '/notificationHub': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The Chinese UI font's small faces stay files: inlined, every page's style sheet would carry them.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    rolldownOptions: {
      // Building a zod schema has no effect outside it: an unused one (the
      // contract's storedSession beside sessionKeys) is dropped, not kept with zod.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            // One copy of the charts library, loaded only with the first chart.
            {
              name: 'echarts',
              priority: 20,
              test: /[\\/]node_modules[\\/](echarts|zrender|tslib)[\\/]/,
            },
            // The first load, the login route and the signed-in pages' shared code,
            // a file each (build/chunk-groups.ts says why).
            { name: (id, context) => chunkPlan(context).groupOf(id), priority: 10 },
          ],
          // Each module goes where the plan puts it: by default a group also takes
          // the modules its modules import (the login route's into `app`).
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  test: {
    setupFiles: ['./src/testing/setup.ts'],
    // A page test renders whole routes: on a machine busy with builds it passed 5 s (vitest's
    // default) while its own steps were waiting on the CPU, not hung.
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
    // Two at a time: the default leaves one of a 2-core machine's cores idle.
    maxWorkers: 2,
    // A page (jsdom) costs half a second per file to build, so only components get one by
    // default; a .ts test that needs window or localStorage says `@vitest-environment jsdom`.
    projects: [
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['{src,test}/**/*.test.tsx'],
          // One page per worker, each file still in a context of its own: 3x faster than a
          // fresh process and page per file (2026-11-29: 168 s → 60 s for 81 files).
          pool: 'vmThreads',
        },
      },
      {
        extends: true,
        test: { name: 'logic', environment: 'node', include: ['{src,test}/**/*.test.ts'] },
      },
    ],
  },
});
