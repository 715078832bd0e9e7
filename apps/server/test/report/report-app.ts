import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from '../../src/platform/db/db.ts';
import { authPlugin } from '../../src/modules/auth/plugin.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { errorHandlerPlugin } from '../../src/platform/http/error-handler.ts';
import { monitorRoutes } from '../../src/modules/monitor/routes.ts';
import { reportRoutes } from '../../src/modules/report/routes.ts';
import { userRoutes } from '../../src/modules/auth/routes.ts';
import { contractSerializerCompiler } from '../../src/platform/http/serializer.ts';
import { openTestDb, type Backend } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';

export interface ReportTestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** The server's real plugins (errors, database, auth, sign-in) with the report and monitor routes. */
export async function startReportApp(backend: Backend, now: Date): Promise<ReportTestApp> {
  const testDb = await openTestDb(backend);
  const config = testConfig();
  const app = Fastify({ logger: false, pluginTimeout: 60_000 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(dbPlugin, { config, db: testDb.db });
  await app.register(demoSeedPlugin, { config });
  await app.register(authPlugin);
  await app.register(userRoutes, { config });
  await app.register(monitorRoutes, { now: () => now });
  await app.register(reportRoutes);
  await app.ready();
  return {
    app,
    db: testDb.db,
    async close() {
      await app.close();
      await testDb.dispose();
    },
  };
}

export const REPORT = '/v1/Web/Factory/Channel/Report';
export const ENERGY = '/v1/Web/Factory/Channel/Energy';
export const EXPORT = '/v1/Web/Factory/Channel/Report/Export';
export const EXPORT_LINK = '/v1/Web/Factory/Channel/Report/ExportLink';

/** A minimal RFC 4180 reader (quotes, doubled quotes, CRLF), enough to read our exports back. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
