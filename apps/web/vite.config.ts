import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const backend = 'http://localhost:3000';
const srcDir = fileURLToPath(new URL('./src', import.meta.url));

// The dev server forwards every API path of spec §7 (and the hub) to the
// server, so the client always talks to its own origin, as in production.
const proxiedPaths = ['/User', '/v1', '/api', '/API', '/healthz'];

export default defineConfig({
  plugins: [react()],
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
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
