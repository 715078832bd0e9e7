import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 15_000,
    // real-server.test.ts starts the server's ingest on PGlite (a few seconds of WASM start-up).
    hookTimeout: 60_000,
  },
});
