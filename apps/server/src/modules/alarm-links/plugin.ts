import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { publicOrigin } from '../../platform/http/public-origin.ts';
import { mintClearLinkToken } from './calc/link-token.ts';
import { loadClearLinkSecret } from './repo/link-store.ts';
import { CLEAR_LINK_PATH, clearLinkRoutes } from './routes.ts';

export interface AlarmLinksOptions {
  config: Pick<Config, 'publicUrl' | 'port'>;
  now?: () => Date;
}

function listeningAddress(app: FastifyInstance): AddressInfo | null {
  const address = app.server.address();
  return address && typeof address === 'object' ? address : null;
}

/**
 * Clear links (decision 0074): alarm mails carry, per receiver, a signed
 * 12-hour link that clears that one alarm once without signing in. This
 * plugin makes the links for the mail and webhook workers and serves the
 * pages they open.
 */
export const alarmLinksPlugin = fp<AlarmLinksOptions>(
  async (app, options) => {
    const now = options.now ?? (() => new Date());
    let secret: Promise<string> | undefined;
    const signingKey = () => (secret ??= loadClearLinkSecret(app.db));
    // PUBLIC_URL, or the server's own address; never a request's Host (see public-origin.ts).
    const origin = () =>
      publicOrigin({
        publicUrl: options.config.publicUrl,
        listening: listeningAddress(app),
        configuredPort: options.config.port,
        interfaces: networkInterfaces(),
      });

    const clearUrl = async (claims: { factoryId: number; eventId: number; receiver: string }) => {
      const token = mintClearLinkToken(await signingKey(), claims, now().getTime());
      return `${origin()}${CLEAR_LINK_PATH}?t=${encodeURIComponent(token)}`;
    };
    app.mail.useClearLinks(({ factoryId, eventId, toAddress }) =>
      clearUrl({ factoryId, eventId, receiver: toAddress }),
    );
    // Webhook and chat messages carry the same links, made per delivery attempt.
    app.webhooks.useClearLinks(clearUrl);
    await app.register(clearLinkRoutes, { secret: signingKey, now });
  },
  { name: 'alarm-links', dependencies: ['db', 'mail', 'webhooks', 'hub'] },
);
