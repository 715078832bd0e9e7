import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ingestPlugin } from '../../src/modules/ingest/ingest-plugin.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { errorHandlerPlugin } from '../../src/platform/http/error-handler.ts';
import { metricsPlugin } from '../../src/platform/metrics/plugin.ts';
import {
  readingsFeedPlugin,
  type ReadingsFeedOptions,
} from '../../src/modules/ingest/readings-feed.ts';
import { rollupWorkerPlugin } from '../../src/modules/rollups/plugin.ts';
import { ingestRoutes } from '../../src/modules/ingest/routes.ts';
import { contractSerializerCompiler } from '../../src/platform/http/serializer.ts';
import type { TestDb } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';

/** Log lines as parsed JSON, and a way to wait for one. */
export class LogCapture {
  readonly lines: Record<string, unknown>[] = [];
  readonly #waiters: { match: (line: Record<string, unknown>) => boolean; resolve: () => void }[] =
    [];

  write(chunk: string): void {
    for (const text of chunk.split('\n')) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as Record<string, unknown>;
      this.lines.push(line);
      for (const waiter of [...this.#waiters]) {
        if (!waiter.match(line)) continue;
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  /** Resolves when a line with this message is (or was) logged. */
  waitFor(msg: string): Promise<void> {
    const match = (line: Record<string, unknown>) => line.msg === msg;
    if (this.lines.some(match)) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ match, resolve }));
  }

  withMessage(msg: string): Record<string, unknown>[] {
    return this.lines.filter((line) => line.msg === msg);
  }
}

export interface AnnounceAppOptions {
  feed?: ReadingsFeedOptions;
  /** Called at the database's stage of close (its onClose hook runs after the feed's). */
  onDatabaseClose?: () => void;
}

/**
 * Ingest with the readings feed and the rollup worker, and no listeners of its
 * own: tests subscribe theirs. Logs go to `logs` (info and up).
 */
export async function startAnnounceApp(
  testDb: TestDb,
  options: AnnounceAppOptions = {},
): Promise<{ app: FastifyInstance; logs: LogCapture }> {
  const logs = new LogCapture();
  const app = Fastify({ logger: { level: 'info', stream: logs } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(dbPlugin, { config: testConfig(), db: testDb.db });
  await app.register(demoSeedPlugin, { config: testConfig() });
  // Registered before the feed, so its onClose runs after the feed's: where the database closes.
  await app.register(
    fp(async (instance) => {
      instance.addHook('onClose', async () => options.onDatabaseClose?.());
    }),
  );
  // As in the server: rollups behind the answer, stopped after the feed and before the database.
  await app.register(rollupWorkerPlugin);
  await app.register(metricsPlugin);
  await app.register(readingsFeedPlugin, options.feed ?? {});
  await app.register(ingestPlugin);
  await app.register(ingestRoutes);
  await app.ready();
  return { app, logs };
}
