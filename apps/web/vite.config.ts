import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const backend = 'http://localhost:3000';
const srcDir = fileURLToPath(new URL('./src', import.meta.url));

// The dev server forwards every API path of spec §7 (and the hub) to the
// server, so the client always talks to its own origin, as in production.
const proxiedPaths = ['/User', '/v1', '/api', '/API', '/healthz'];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|css|html|svg|json|map)$/;

/**
 * Writes a .br and a .gz beside every compressible built file (at the best
 * levels: this runs once per build, not per request), so the server sends
 * them as they are (DESIGN §13: serve compressed).
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
  plugins: [react(), precompress()],
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
    rolldownOptions: {
      // Building a zod schema has no effect outside it: an unused one (the
      // contract's storedSession beside sessionKeys) is dropped, not kept with zod.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // One copy of each heavy library, in a chunk of its own that loads only
        // with the code that needs it: left to itself the bundler merges shared
        // code into a chunk the login route already loads (zod came along).
        codeSplitting: {
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            { name: 'echarts', test: /[\\/]node_modules[\\/](echarts|zrender|tslib)[\\/]/ },
            // A chunk of its own, so it runs before lib/i18n's chunk waits for the locale
            // (in the entry chunk it ran after: its code followed every import).
            {
              name: 'first-load',
              test: /[\\/]src[\\/](app[\\/](first-load|early-start|route-modules)|lib[\\/](early-calls|call-request|api-base|locale-files))\.ts$/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
