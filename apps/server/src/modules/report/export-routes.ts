import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EXPORT_LINK_LIFETIME_MS,
  REPORT_EXPORT_PATH,
  reportExportLink,
  reportExportRequest,
  StatusCode,
} from '@wattboard/contract';
import {
  type AuthContext,
  businessFailure,
  okEnvelope,
  registerCallerCall,
} from '../auth/index.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { signDownload, verifyDownload } from './calc/download-token.ts';
import { contentDisposition } from '../../platform/http/content-disposition.ts';
import { exportFileName } from './calc/file-name.ts';
import { energyRange, readingsRange, type RangeResult } from './calc/report-range.ts';
import { liveSessionByHash, loadDownloadSecret } from './repo/download-session.ts';
import {
  findReportTarget,
  meterNotFoundMessage,
  type ReportTarget,
  type TargetResult,
} from './repo/report-target.ts';
import { reportExport, type ExportRequest } from './report-export.ts';
import { FACTORY_NOT_FOUND_MESSAGE } from '../../platform/http/not-found-messages.ts';

type ExportFields = z.output<typeof reportExportRequest>;

export const LINK_REFUSED =
  'The download link is invalid, has expired or its session has ended. Export again.';

function rangeFor(
  fields: Pick<ExportFields, 'dtStart' | 'dtEnd' | 'kind' | 'interval'>,
  target: ReportTarget,
): RangeResult {
  return fields.kind === 'energy'
    ? energyRange(fields, fields.interval, target.clock)
    : readingsRange(fields, target.clock);
}

/** Sends the file: streamed, with its type, name (RFC 5987 for 中文) and no caching. */
function sendFile(
  reply: FastifyReply,
  db: FastifyInstance['db'],
  target: ReportTarget,
  request: ExportRequest,
) {
  const file = reportExport(db, target, request);
  return reply
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .type(file.contentType)
    .send(file.stream);
}

/** 404 for a file download whose factory or meter is not the caller's. */
function missingFile(
  request: FastifyRequest,
  reply: FastifyReply,
  result: Exclude<TargetResult, { target: unknown }>,
) {
  return result.missing === 'factory'
    ? sendError(request, reply, 404, {
        statusCode: StatusCode.FactoryNotFound,
        message: FACTORY_NOT_FOUND_MESSAGE,
      })
    : sendError(request, reply, 404, {
        statusCode: StatusCode.SmartMeterNotFound,
        message: meterNotFoundMessage(result.meterId),
      });
}

const caller = (auth: AuthContext) => ({
  factoryId: auth.factory.id,
  timeZone: auth.factory.timeZone,
});

/**
 * Report exports (issue #11): POST the fields with the bearer token and get the
 * file as the answer, or POST …/ExportLink for a 5-minute signed GET link the
 * browser downloads by itself. Both tenant-checked; the link is bound to the
 * session, so signing out ends it.
 */
export async function exportRoutes(app: FastifyInstance, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  let secret: Promise<string> | undefined;
  const signingKey = () => (secret ??= loadDownloadSecret(app.db));

  app.route({
    method: 'POST',
    url: REPORT_EXPORT_PATH,
    schema: {
      summary: 'Report export: the CSV or .xlsx file itself (bearer token)',
      body: reportExportRequest,
    },
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const auth = request.auth!;
      const fields = request.body as ExportFields;
      const found = await findReportTarget(app.db, caller(auth), fields);
      if (!('target' in found)) return missingFile(request, reply, found);
      const resolved = rangeFor(fields, found.target);
      if ('problem' in resolved) {
        return sendError(request, reply, 400, {
          statusCode: StatusCode.Fail,
          message: resolved.problem,
        });
      }
      return sendFile(reply, app.db, found.target, { ...fields, range: resolved.range });
    },
  });

  registerCallerCall(app, reportExportLink, async ({ body, auth, request, reply }) => {
    const found = await findReportTarget(app.db, caller(auth), body);
    if (!('target' in found)) {
      return found.missing === 'factory'
        ? businessFailure(
            reportExportLink.path,
            auth,
            StatusCode.FactoryNotFound,
            FACTORY_NOT_FOUND_MESSAGE,
          )
        : businessFailure(
            reportExportLink.path,
            auth,
            StatusCode.SmartMeterNotFound,
            meterNotFoundMessage(found.meterId),
          );
    }
    const { target } = found;
    const resolved = rangeFor(body, target);
    if ('problem' in resolved) {
      return sendError(request, reply, 400, {
        statusCode: StatusCode.Fail,
        message: resolved.problem,
      });
    }
    const expiresAt = now() + EXPORT_LINK_LIFETIME_MS;
    const token = signDownload(
      {
        sessionHash: auth.tokenHash,
        userId: auth.user.id,
        factoryId: target.factoryId,
        smartmeterId: target.meter.id,
        ...resolved.range,
        channelIds: body.channelIds ?? [],
        format: body.format,
        lang: body.lang,
        kind: body.kind,
        interval: body.interval,
        expiresAt,
      },
      await signingKey(),
    );
    const meterName = body.lang === 'zh-TW' ? target.meter.chName : target.meter.name;
    return {
      ...okEnvelope(reportExportLink.path, auth),
      url: `${REPORT_EXPORT_PATH}?token=${token}`,
      fileName: exportFileName({ meterName, ...body, range: resolved.range }, target.clock),
      dtExpire: new Date(expiresAt).toISOString(),
    };
  });

  app.route({
    method: 'GET',
    url: REPORT_EXPORT_PATH,
    // A HEAD would run the whole export only to drop it.
    exposeHeadRoute: false,
    schema: {
      summary: 'Report export through a signed link from …/ExportLink',
      // `token`, so the logs redact it like every secret query parameter.
      querystring: z.object({ token: z.string().max(4096, 'token: not a download link') }),
    },
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      const claims = verifyDownload(token, await signingKey(), now());
      const session = claims ? await liveSessionByHash(app.db, claims.sessionHash, now()) : null;
      if (!claims || !session || session.userId !== claims.userId) {
        return sendError(request, reply, 401, {
          statusCode: StatusCode.TokenExpired,
          message: LINK_REFUSED,
        });
      }
      const found = await findReportTarget(app.db, session, claims);
      if (!('target' in found)) return missingFile(request, reply, found);
      const range = { from: claims.from, to: claims.to };
      return sendFile(reply, app.db, found.target, { ...claims, range });
    },
  });
}
