/**
 * The V8 flags the server runs with: `npm start`, deploy/wattboard.service and
 * every test or bench that starts `src/main.ts` pass them (docs/deployment.md).
 *
 * --liftoff-only: the embedded database is PostgreSQL compiled to 9 MB of
 * WebAssembly. By default V8 recompiles its hot functions with its optimizing
 * compiler in the background, and each such compile of one of PostgreSQL's
 * large functions held several hundred MB for a moment (RSS 260 → 700 → 260 MB
 * at every start of PGlite) and the optimized code stayed resident beside the
 * baseline code. With the baseline compiler only, an embedded server holds
 * 320–340 MB instead of 410–450 after the first start's backfill and peaks at
 * 440 instead of 870 MB on a restart; a PGlite query workload measured the
 * same CPU time either way (docs/decisions/0056-memory.md). No effect on PostgreSQL
 * (DATABASE_URL), where no WebAssembly runs.
 *
 * --max-semi-space-size=4 --heap-growing-percent=15: V8 otherwise lets its heap
 * grow to several times what is live before a full collection (a 70,000-reading
 * upload: ~60 MB live, RSS 574–605 MB). A young generation of 4 MB semi-spaces
 * and an old generation collected once it is 15 % over what the last collection
 * kept hold every phase of the first-start bench under 450 MB (highest 413 MB,
 * idle machine) for ~10 % of PGlite's dashboard throughput. Soft limits: the
 * heap still grows with what is live, so a large export is slower, never killed
 * (a hard --max-old-space-size would kill it).
 */
export const SERVER_NODE_FLAGS = [
  '--liftoff-only',
  '--max-semi-space-size=4',
  '--heap-growing-percent=15',
] as const;

/** The flags this process lacks: main.ts warns, since memory is then over its budget. */
export function missingNodeFlags(execArgv: readonly string[]): string[] {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
