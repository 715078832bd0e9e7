import type { FastifyInstance } from 'fastify';
import { channelList, StatusCode } from '@wattboard/contract';
import { formatFactoryLocalIso } from '../../platform/time/zone-time.ts';
import { resolveFactoryId } from '../auth/index.ts';
import { flattenNodeTree } from './node-tree.ts';
import { activeTreeNodes } from './repo/factory-ids.ts';
import { businessFailure, okEnvelope, registerCall } from '../auth/index.ts';
import { FACTORY_NOT_FOUND_MESSAGE } from '../../platform/http/not-found-messages.ts';

/** POST /v1/Web/Factory/Channel/List: the factory's clock and its flattened tree of active nodes. */
export async function channelRoutes(app: FastifyInstance) {
  registerCall(app, channelList, async ({ body, auth }) => {
    if (!auth) throw new Error('channel list reached without authentication');
    const factoryId = resolveFactoryId(body.factoryId, auth.factory.id);
    if (factoryId === null) {
      return businessFailure(
        channelList.path,
        auth,
        StatusCode.FactoryNotFound,
        FACTORY_NOT_FOUND_MESSAGE,
      );
    }
    // Retired nodes are kept for history but hidden from the list (and so from every picker).
    const nodes = await activeTreeNodes(app.db, factoryId);
    return {
      ...okEnvelope(channelList.path, auth),
      dtNowFactory: formatFactoryLocalIso(new Date(), auth.factory.timeZone),
      timeZone: auth.factory.timeZone,
      channelList: flattenNodeTree(nodes),
    };
  });
}
