// What the PGlite snapshot's global setup hands the test workers. Its own file, imported by both
// sides, so every project that compiles backends.ts (the gateway's tests use it too) sees it.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped tar of an empty PGlite database, just after initdb (see backends.ts). */
    pgliteSnapshotFile: string;
  }
}

export {};
