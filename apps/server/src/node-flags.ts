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
 * same CPU time either way (docs/decisions/memory.md). No effect on PostgreSQL
 * (DATABASE_URL), where no WebAssembly runs.
 */
export const SERVER_NODE_FLAGS = ['--liftoff-only'] as const;

/** The flags this process lacks: main.ts warns, since memory is then over its budget. */
export function missingNodeFlags(execArgv: readonly string[]): string[] {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
