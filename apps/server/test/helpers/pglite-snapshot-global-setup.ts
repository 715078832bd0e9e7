import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { MEMORY_DATA_DIR } from '../../src/platform/config.ts';
import { openPgliteDb } from '../../src/platform/db/pglite.ts';

import './pglite-snapshot-context.ts';

/**
 * Runs once per test run, before any worker: creates one empty in-memory PGlite
 * database the way openPgliteDb does (initdb, nothing else: no migrations, no seed)
 * and writes its data directory to a temporary file. openTestDb('pglite') loads that
 * copy instead of running initdb again (~0.85 s instead of ~2.1 s, ~120 times a run).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wattboard-pglite-snapshot-'));
  const file = path.join(dir, 'empty.tar.gz');
  const db = await openPgliteDb(MEMORY_DATA_DIR);
  try {
    const blob = await db.dumpDataDir!();
    await writeFile(file, new Uint8Array(await blob.arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteSnapshotFile', file);
  return () => rm(dir, { recursive: true, force: true });
}
