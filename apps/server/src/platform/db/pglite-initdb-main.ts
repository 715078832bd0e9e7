// Run by pglite-init.ts in a child process: creates (initdb) the embedded
// database in the directory given, then exits, taking its memory with it.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-initdb-main.ts <data dir>');
const pglite = await PGlite.create(dataDir);
await pglite.close();
