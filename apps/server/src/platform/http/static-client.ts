import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built client: hashed files under /assets/ are cached for a year
 * (immutable), everything else is revalidated; each as its precompressed
 * .br/.gz when the browser accepts it, and / plus every /dashboard/* path answers
 * index.html so the client's router can take over (SPA fallback).
 */
export const staticClientPlugin = fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    const indexFile = path.join(webDistDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn(
        { webDistDir },
        'built web client not found; the API works, but the dashboard is not served (run `npm run build`)',
      );
      return;
    }

    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      // The build writes a .br and a .gz beside each file; sent when accepted.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
        reply.header(
          'Cache-Control',
          isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });

    const sendIndex = (reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    app.get('/', (_request, reply) => sendIndex(reply));
    app.get('/dashboard', (_request, reply) => sendIndex(reply));
    app.get('/dashboard/*', (_request, reply) => sendIndex(reply));
  },
  { name: 'static-client', dependencies: ['error-handler'] },
);
