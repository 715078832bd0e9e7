import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openDb } from './open.ts';
import { migrate } from './migrate.ts';
import { DataChanges } from './data-changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Each factory's data stamp, moved by the database's data-change feed (answer caches). */
    dataChanges: DataChanges;
  }
}

export interface DbPluginOptions {
  config: Config;
  /** A database opened by the caller (tests); the app then leaves closing it to them. */
  db?: Db;
}

/** Opens the database and applies migrations; the demo module seeds the demo factory after it. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { config, db: given }) => {
    const db = given ?? (await openDb(config));
    if (!given) app.addHook('onClose', () => db.close());
    app.decorate('db', db);

    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ versions: applied }, 'database migrations applied');

    // After the migrations: the feed's triggers come with 037.
    const dataChanges = new DataChanges();
    if (db.listenDataChanges) dataChanges.attach(await db.listenDataChanges(dataChanges));
    app.decorate('dataChanges', dataChanges);
    app.addHook('onClose', () => dataChanges.close());
  },
  { name: 'db' },
);
