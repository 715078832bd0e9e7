import type { FastifyInstance } from 'fastify';
import { answerBackupRequests } from './backup.ts';

/**
 * SIGUSR2 makes the server answer the backup requests in DATA_DIR/backups
 * (platform/db/backup.ts). Embedded database only; signals arriving during a dump are
 * folded into one more pass, so no request waits for the next signal.
 */
export function installBackupSignal(app: FastifyInstance, dataDir: string): () => Promise<void> {
  if (!app.db.dumpDataDir || dataDir.startsWith('memory://')) return async () => {};
  let running: Promise<void> | null = null;
  let again = false;
  const pass = async () => {
    do {
      again = false;
      const ids = await answerBackupRequests(app.db, dataDir);
      if (ids.length > 0) app.log.info({ ids }, 'embedded database backed up');
    } while (again);
  };
  const onSignal = () => {
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((err: unknown) => app.log.error({ err }, 'backup failed'))
      .finally(() => (running = null));
  };
  process.on('SIGUSR2', onSignal);
  // Called before the app closes: a dump under way finishes while the database is open.
  return async () => {
    process.off('SIGUSR2', onSignal);
    await running;
  };
}
