import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { Config } from '../config.ts';

/**
 * Security headers (helmet) and CORS for the origins in CORS_ORIGINS; with
 * none configured only same-origin pages can call the API. The body size
 * limit is a server option, set in buildApp.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(helmet, {
      // The dashboard is served from this origin; the API docs page needs inline styles.
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'"],
        },
      },
    });
    await app.register(cors, {
      origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
      methods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      // The SignalR client adds X-Requested-With and X-SignalR-User-Agent to its negotiate call.
      allowedHeaders: ['Content-Type', 'Authorization', 'X-Requested-With', 'X-SignalR-User-Agent'],
      exposedHeaders: ['Retry-After'],
      maxAge: 600,
    });
  },
  { name: 'security', dependencies: ['error-handler'] },
);
