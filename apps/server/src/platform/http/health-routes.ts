import type { FastifyInstance } from 'fastify';

/** Liveness and readiness probes for orchestrators and the e2e harness. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    try {
      await app.db.query('SELECT 1');
      return { status: 'ready' };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: database does not answer');
      return reply
        .code(503)
        .send({ status: 'unavailable', message: 'The database does not answer.' });
    }
  });
}
