import { StatusCode } from '@wattboard/contract';
import { FACTORY, NODE, type CrossTenantRequest } from './case-kit.ts';
import type { Tenants } from './tenants.ts';

const today = () => new Date().toISOString().slice(0, 10);
const post = (url: string, body: Record<string, unknown>, expect: CrossTenantRequest['expect']) =>
  ({ method: 'POST', url, body, expect }) as const;

/**
 * Report-shaped calls: B's meter with A's factory, A's meter with B's factory,
 * and A's meter with B's meter among the channels (ignored or refused, never B's rows).
 */
function reportCases(url: string, t: Tenants, extra: object = {}): CrossTenantRequest[] {
  const day = { dtStart: today(), dtEnd: today(), ...extra };
  return [
    post(url, { factoryId: 0, smartmeterId: t.b.meterId, ...day }, NODE),
    post(url, { factoryId: t.b.factoryId, smartmeterId: t.a.nodeId, ...day }, FACTORY),
    post(url, { factoryId: t.b.factoryId, smartmeterId: t.b.meterId, ...day }, FACTORY),
    post(url, { factoryId: 0, smartmeterId: t.a.nodeId, channelIds: [t.b.meterId], ...day }, [
      ...NODE,
      StatusCode.OK,
    ]),
  ];
}

/**
 * A signed download link of A's with its claims swapped for B's factory and
 * meter (A's signature kept): the signature no longer matches.
 */
function forgedLink(t: Tenants): string {
  const [path = '', token = ''] = t.a.exportUrl.split('?token=');
  const [version, body = '', signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as object;
  const forged = Buffer.from(
    JSON.stringify({ ...claims, factoryId: t.b.factoryId, smartmeterId: t.b.meterId }),
  ).toString('base64url');
  return `${path}?token=${version}.${forged}.${signature}`;
}

/** Overview (issue #10) and Report with its exports (issue #11). */
export function overviewReportCases(t: Tenants): Record<string, CrossTenantRequest[]> {
  const ratio = { startDate: today(), endDate: today() };
  const exportPath = '/v1/Web/Factory/Channel/Report/Export';
  return {
    'POST /v1/Web/Overview': [
      post('/v1/Web/Overview', { factoryId: t.b.factoryId }, FACTORY),
      post('/v1/Web/Overview', { factoryId: 0 }, 'own'),
    ],
    'POST /v1/Web/Overview/ConsumeRatio': [
      post(
        '/v1/Web/Overview/ConsumeRatio',
        { factoryId: t.b.factoryId, ...ratio, channelIdList: [] },
        FACTORY,
      ),
      post(
        '/v1/Web/Overview/ConsumeRatio',
        { factoryId: 0, ...ratio, channelIdList: [t.b.meterId] },
        NODE,
      ),
      post(
        '/v1/Web/Overview/ConsumeRatio',
        { factoryId: 0, ...ratio, channelIdList: [t.a.nodeId, t.b.rootId] },
        NODE,
      ),
    ],
    'POST /v1/Web/Overview/PowerChart': [
      post('/v1/Web/Overview/PowerChart', { factoryId: t.b.factoryId, date: today() }, FACTORY),
      post('/v1/Web/Overview/PowerChart', { factoryId: 0 }, 'own'),
    ],
    'POST /v1/Web/Factory/Channel/Report': reportCases('/v1/Web/Factory/Channel/Report', t),
    'POST /v1/Web/Factory/Channel/Energy': reportCases('/v1/Web/Factory/Channel/Energy', t, {
      interval: 'hour',
    }),
    'POST /v1/Web/Factory/Channel/Report/Export': reportCases(exportPath, t, {
      format: 'csv',
    }).map((request) =>
      // The file's own answer is the CSV; a refusal is JSON.
      Array.isArray(request.expect) && request.expect.includes(StatusCode.OK)
        ? { ...request, expect: 'own' }
        : request,
    ),
    'POST /v1/Web/Factory/Channel/Report/ExportLink': reportCases(`${exportPath}Link`, t, {
      format: 'xlsx',
      lang: 'zh-TW',
    }),
    'GET /v1/Web/Factory/Channel/Report/Export': [
      { method: 'GET', url: t.a.exportUrl, authorization: null, expect: 'own', http: 200 },
      { method: 'GET', url: forgedLink(t), expect: [StatusCode.TokenExpired], http: 401 },
      {
        method: 'GET',
        url: `${exportPath}?token=d1.e30.AAAA`,
        authorization: null,
        expect: [StatusCode.TokenExpired],
        http: 401,
      },
    ],
  };
}
