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
 * Brotli at quality 4 (the plugin's default) costs about what gzip does per
 * byte on the fly and is still smaller.
 *
 * Answers up to 64 KB are compressed in one synchronous call rather than
 * through a zlib stream (`syncThreshold`; the plugin picks 8 KB on 2 cores).
 * A day's Monitor/Device or Power/Detail answer is 8–20 KB, and the stream's
 * setup and scheduling cost more than the compressing: with the stream,
 * compression took a quarter of the server's CPU in the dashboard bench
 * (docs/scaling.md). 64 KB at quality 4 holds the event loop well under a
 * millisecond; larger answers (a month's chart, exports) still stream.
 */
export const compressPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      syncThreshold: 64 * 1024,
      customTypes: COMPRESSIBLE_TYPES,
    });
  },
  { name: 'compress' },
);
