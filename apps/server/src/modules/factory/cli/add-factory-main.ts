/**
 * `npm run factory:add -- ...`: onboards a factory on the configured database
 * (DATA_DIR or DATABASE_URL, like the server). With the embedded database, run
 * it while the server is stopped: PGlite has one process at a time, and the
 * data directory's lock refuses to open it while the server holds it.
 */
import { parseConfig } from '../../../platform/config.ts';
import { openDb } from '../../../platform/db/open.ts';
import { migrate } from '../../../platform/db/migrate.ts';
import { seedDemo } from '../../demo/index.ts';
import { scryptParams, ADMIN_USERNAME } from '../../auth/index.ts';
import { parseAddFactoryArgs } from './add-factory-args.ts';
import { addFactory } from '../repo/add-factory.ts';

async function main(): Promise<number> {
  let input;
  try {
    input = parseAddFactoryArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const config = parseConfig(process.env);
  let db;
  try {
    db = await openDb(config);
  } catch (error) {
    // Above all a running server on the same DATA_DIR: its data would vanish under it.
    console.error(`factory:add failed: ${(error as Error).message}`);
    return 1;
  }
  try {
    await migrate(db);
    // The same first-start seed as the server, so the demo stays where people expect it.
    const seed = await seedDemo(db, scryptParams(config.scryptCost));
    const added = await addFactory(db, input, scryptParams(config.scryptCost));
    // On a fresh database the demo was seeded here, not by the server: its key is shown only now.
    const demo = seed.gatewayKey ? { demoGatewayKey: seed.gatewayKey } : {};
    const admin = { email: input.email, username: ADMIN_USERNAME };
    console.info(JSON.stringify({ ...added, slug: input.slug, ...admin, ...demo }));
    return 0;
  } catch (error) {
    console.error(`factory:add failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
