import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * What is compressed on the fly: JSON answers and CSV exports. The built
 * client's files are sent precompressed by the static plugin (.br/.gz written
 * at build time), xlsx is a zip already, and an event stream must never be
 * buffered by a compressor.
 */
export const COMPRESSIBLE_TYPES = /^(application\/(json|problem\+json)|text\/csv)\b/;

/**
 * Brotli or gzip (the client's choice, brotli first) for answers over 1 KB.
 * Brotli at quality 4 costs about what gzip
 * does per byte on the fly and is still smaller.
 */
export const compressPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      customTypes: COMPRESSIBLE_TYPES,
    });
  },
  { name: 'compress' },
);
