import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's memory (DESIGN §13: the product with its simulator
 * under 450 MB RSS). PGlite runs PostgreSQL in the process's WebAssembly memory,
 * which only grows, and PostgreSQL touches its whole shared memory at start, so
 * shared_buffers is resident from the first second: PGlite's default 128 MB made
 * ~150 MB of WASM memory resident before any query (measured: 151 MB with the
 * default, 45 MB with 32 MB). The data files stay in the operating system's page
 * cache, which the kernel can reclaim, so a page missed here costs a file read,
 * not a disk seek.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** PGlite's own start parameters plus ours (the `startParams` option replaces them). */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}
