import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../platform/http/content-disposition.ts';
import {
  REPORT_LINK_STATUS,
  renderReportLinkPage,
  type ReportLinkRefusal,
} from './report-link-page.ts';
import { readReportLinkToken } from './report-link-token.ts';
import { loadReportFile } from './repo/report-link-store.ts';

export const REPORT_LINK_PATH = '/v1/Report/File';

/** A token is a couple of hundred characters; anything far longer is not one. */
const linkQuery = z.object({ t: z.string().min(1).max(2048) });

export interface ReportLinkRouteOptions {
  secret: () => Promise<string>;
  now: () => Date;
}

function refuse(reply: FastifyReply, refusal: ReportLinkRefusal) {
  return reply
    .code(REPORT_LINK_STATUS[refusal])
    .header('content-type', 'text/html; charset=utf-8')
    .header('referrer-policy', 'no-referrer')
    .send(renderReportLinkPage(refusal));
}

/**
 * GET answers the report file a link names (decision 0083). No session: the
 * signed token is the permission, for that one file of that one factory; the
 * file is looked up within the token's factory, so no token reaches another
 * factory's file. Downloading changes nothing, so a GET is right here (unlike
 * the clear link, whose GET only shows a button).
 */
export async function reportLinkRoutes(app: FastifyInstance, options: ReportLinkRouteOptions) {
  app.get(REPORT_LINK_PATH, {
    schema: {
      summary: 'The scheduled report file a signed 7-day link names (.xlsx), or why not (HTML)',
      querystring: linkQuery,
    },
    handler: async (request, reply) => {
      const parsed = linkQuery.safeParse(request.query);
      if (!parsed.success) return refuse(reply, 'invalid');
      const reading = readReportLinkToken(
        await options.secret(),
        parsed.data.t,
        options.now().getTime(),
      );
      if (reading.status !== 'valid') return refuse(reply, reading.status);
      const { claims } = reading;
      const file = await loadReportFile(app.db, claims.factoryId, claims.fileId);
      if (!file) return refuse(reply, 'invalid');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  });
}
