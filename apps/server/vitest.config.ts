import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each integration file runs its own PGlite (hundreds of MB of WASM memory); two at a time
    // keeps a 2-core CI machine busy without piling up memory.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
