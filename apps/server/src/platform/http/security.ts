import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { Config } from '../config.ts';

const CSP_HEADER = 'content-security-policy';
const UPGRADE = 'upgrade-insecure-requests';

/**
 * The CSP for a request that arrived over `protocol`. upgrade-insecure-requests
 * only over TLS: on a plain-http LAN address (http://192.168.1.20:3000) it
 * rewrites every asset and API call to https, which nothing answers, and the
 * login page stays blank. `protocol` is Fastify's request.protocol, which
 * believes X-Forwarded-Proto only when TRUST_PROXY is set.
 */
export function cspForProtocol(csp: string, protocol: string): string {
  const directives = csp
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== UPGRADE);
  if (protocol === 'https') directives.push(UPGRADE);
  return directives.join(';');
}

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
          // Added per request by the hook below, only when the request came over TLS.
          'upgrade-insecure-requests': null,
        },
      },
    });
    // Runs after helmet's own onRequest hook (same scope, registered later), which set the header.
    app.addHook('onRequest', async (request, reply) => {
      const csp = reply.raw.getHeader(CSP_HEADER);
      if (typeof csp === 'string') {
        reply.raw.setHeader(CSP_HEADER, cspForProtocol(csp, request.protocol));
      }
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
