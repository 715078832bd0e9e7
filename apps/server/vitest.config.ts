import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each integration file runs its own PGlite (hundreds of MB of WASM memory). Three at a
    // time on a 2-core machine: with two, the files' waits (timers, child processes, the
    // broker, PostgreSQL) left a core idle about half the run (2026-11-29: the files' own
    // time summed to 764 s over an 869 s run).
    pool: 'forks',
    maxWorkers: 3,
    // One empty PGlite database per run, loaded by every openTestDb('pglite') (no initdb each).
    globalSetup: ['test/helpers/pglite-snapshot-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
