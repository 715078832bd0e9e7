import type { FastifyInstance } from 'fastify';
import { channelList } from '@wattboard/contract';
import { formatFactoryLocalIso } from '@wattboard/zone-time';
import { registerFactoryCall } from '../auth/index.ts';
import { flattenNodeTree } from './node-tree.ts';
import { activeTreeNodes } from './repo/factory-ids.ts';

/** POST /v1/Web/Factory/Channel/List: the factory's clock and its flattened tree of active nodes. */
export async function channelRoutes(app: FastifyInstance) {
  registerFactoryCall(app, channelList, async ({ auth, factoryId, ok }) => {
    // Retired nodes are kept for history but hidden from the list (and so from every picker).
    const nodes = await activeTreeNodes(app.db, factoryId);
    return {
      ...ok,
      dtNowFactory: formatFactoryLocalIso(new Date(), auth.factory.timeZone),
      timeZone: auth.factory.timeZone,
      channelList: flattenNodeTree(nodes),
    };
  });
}
