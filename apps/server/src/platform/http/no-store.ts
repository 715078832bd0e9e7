import fp from 'fastify-plugin';

/**
 * Every answer is `Cache-Control: no-store` unless its route chose its own
 * caching (only the built client's files do, in static-client.ts). Sign-in
 * answers carry a token and data calls, exports and export links carry a
 * factory's data: none of it may stay in a browser's or a proxy's cache on a
 * shared PC. As a default in one hook, a call added later cannot forget it.
 */
export const noStorePlugin = fp(
  async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'no-store' },
);
