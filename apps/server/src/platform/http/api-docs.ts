import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document generated from the contract's schemas (routes carry them),
 * browsable at /docs and downloadable at /docs/json.
 */
export const apiDocsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Wattboard API',
          description: 'Energy-monitoring dashboard API. Schemas come from @wattboard/contract.',
          version: '1.1.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      // Numeric fields are transforms (number or numeric string); document them loosely.
      transform: createJsonSchemaTransform({
        skipList: ['/docs', '/docs/*', '/healthz', '/readyz'],
        zodToJsonConfig: { unrepresentable: 'any' },
      }),
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'api-docs' },
);
