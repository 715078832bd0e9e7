import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's memory (budget: the product with its simulator
 * under 450 MB RSS). PGlite runs PostgreSQL in the process's WebAssembly memory,
 * which only grows, and PostgreSQL touches its whole shared memory at start, so
 * shared_buffers is resident from the first second: PGlite's default 128 MB made
 * ~150 MB of WASM memory resident before any query (measured: 151 MB with the
 * default, 45 MB with 32 MB). Smaller is not free: a page missed here is a read
 * through PGlite's file layer, and a dirty page evicted is a write; with 32 MB
 * the ingest bench's bulk pattern cost ~15 % more CPU than with 128 MB (its
 * ~30 MB of tables no longer fit), so 64 MB: ~40 MB more resident than 32 MB.
 * The data files stay in the operating system's page cache either way.
 */
export const PGLITE_SHARED_BUFFERS = '64MB';

/** PGlite's own start parameters plus ours (the `startParams` option replaces them). */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}
