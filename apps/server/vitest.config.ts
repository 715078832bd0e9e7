import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each integration file runs its own PGlite (hundreds of MB of WASM memory); two at a time
    // keeps a 2-core CI machine busy without piling up memory.
    pool: 'forks',
    maxWorkers: 2,
    // One empty PGlite database per run, loaded by every openTestDb('pglite') (no initdb each).
    globalSetup: ['test/helpers/pglite-snapshot-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
