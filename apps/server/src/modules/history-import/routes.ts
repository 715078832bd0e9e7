import type { FastifyInstance } from 'fastify';
import {
  HISTORY_PREVIEW_ROWS,
  HISTORY_REFUSALS_LISTED,
  StatusCode,
  adminHistoryImportChunk,
  adminHistoryImportPreview,
} from '@wattboard/contract';
import { ZoneClock } from '@wattboard/zone-time';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { guessMapping, parseChunk } from './calc/parse-chunk.ts';
import { importChunk } from './chunk.ts';

export interface HistoryImportOptions {
  /** RAW_RETENTION_DAYS: history older than the raw retention is refused, as from a gateway. */
  rawRetentionDays?: number;
}

/** Admin › Import (issue #25, docs/history-import.md): preview and import, chunk by chunk. */
export async function historyImportRoutes(app: FastifyInstance, options: HistoryImportOptions) {
  const retention =
    options.rawRetentionDays !== undefined ? { retentionDays: options.rawRetentionDays } : {};

  registerAdminCall(app, adminHistoryImportPreview, async ({ body, auth, factoryId, ok, fail }) => {
    const parsed = parseChunk(body.csv);
    if ('problem' in parsed) return fail(StatusCode.Fail, parsed.problem);
    const mapping = body.mapping ?? guessMapping(parsed.columns);
    if (!mapping) return { ...ok, columns: parsed.columns, mapping: null, rows: [], refused: [] };
    // A one-meter file (no serial column) before its meter is chosen: the guess, and no rows yet.
    if (mapping.serial === undefined && body.meterSerial === undefined) {
      return { ...ok, columns: parsed.columns, mapping, rows: [], refused: [] };
    }
    const outcome = await importChunk(
      app.db,
      factoryId,
      { ...body, mapping },
      {
        ...retention,
        clock: new ZoneClock(auth.factory.timeZone),
        previewRows: HISTORY_PREVIEW_ROWS,
      },
    );
    if ('problem' in outcome) return fail(StatusCode.Fail, outcome.problem);
    const refusedRows = new Set(outcome.refused.map((refusal) => refusal.row));
    return {
      ...ok,
      columns: parsed.columns,
      mapping,
      rows: outcome.readings
        .filter((reading) => reading.row > 0 && !refusedRows.has(reading.row))
        .map(({ row, wire }) => ({
          row,
          serial: String(wire.serial),
          ts: String(wire.ts),
          kwh: Number(wire.kwhForward),
          kw: typeof wire.kw === 'number' ? wire.kw : null,
        })),
      refused: outcome.refused.slice(0, HISTORY_REFUSALS_LISTED),
    };
  });

  registerAdminCall(
    app,
    adminHistoryImportChunk,
    async ({ body, auth, factoryId, actor, ok, fail }) => {
      const outcome = await importChunk(app.db, factoryId, body, {
        ...retention,
        clock: new ZoneClock(auth.factory.timeZone),
      });
      if ('problem' in outcome) return fail(StatusCode.Fail, outcome.problem);
      if (outcome.accepted > 0) {
        // One entry per chunk that changed something: a repeated file adds none.
        await recordAudit(app.db, {
          factoryId,
          actor,
          action: 'history.import',
          target: { type: 'factory', id: factoryId },
          detail: {
            format: body.format,
            firstRow: body.firstRow,
            rows: outcome.rows,
            accepted: outcome.accepted,
          },
        });
      }
      return {
        ...ok,
        rows: outcome.rows,
        accepted: outcome.accepted,
        duplicates: outcome.duplicates,
        refusedCount: outcome.refused.length,
        refused: outcome.refused.slice(0, HISTORY_REFUSALS_LISTED),
      };
    },
  );
}
