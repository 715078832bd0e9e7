import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { parseBackplaneMessage, type Backplane, type DeliverLocally } from './backplane.ts';

export interface RedisBackplaneOptions {
  url: string;
  /** Channels live under this prefix, so tests and deployments sharing a Redis stay apart. */
  channelPrefix: string;
  deliver: DeliverLocally;
  log: FastifyBaseLogger;
  /** How long start-up waits for the subscription before serving anyway. */
  subscribeWaitMs?: number;
  /**
   * The subscription is back after an outage: what other instances published
   * meanwhile never reached this one, so the hub refreshes its clients' lists.
   */
  onRecovered?: () => void;
}

/** A publish that gets no answer within this long counts as failed (delivered locally instead). */
const PUBLISH_TIMEOUT_MS = 2000;

/** Logs the first error of an outage and the recovery, not every retry in between. */
function watchHealth(
  redis: Redis,
  role: string,
  log: FastifyBaseLogger,
  onRecovered: () => void = () => {},
): void {
  let healthy = true;
  // A dropped connection often comes back without any 'error' (a quick
  // reconnect), yet messages published in between were missed all the same.
  let dropped = false;
  redis.on('error', (err: Error) => {
    if (!healthy) return;
    healthy = false;
    log.warn({ err, role }, 'hub backplane: Redis unavailable; serving local connections only');
  });
  redis.on('close', () => (dropped = true));
  redis.on('ready', () => {
    if (!healthy) log.info({ role }, 'hub backplane: Redis is back');
    healthy = true;
    if (!dropped) return;
    dropped = false;
    onRecovered();
  });
}

/**
 * Redis pub/sub between instances: one publishing and one subscribed
 * connection. Every instance, the sender included, gets each broadcast from
 * Redis and delivers it locally once. While Redis is unreachable the sender
 * delivers to its own connections directly, and ioredis keeps reconnecting
 * (re-subscribing on its own).
 */
export async function createRedisBackplane(options: RedisBackplaneOptions): Promise<Backplane> {
  const { url, deliver, log } = options;
  const channel = `${options.channelPrefix}:broadcast`;
  const publisher = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: PUBLISH_TIMEOUT_MS,
  });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  watchHealth(publisher, 'publisher', log);
  watchHealth(subscriber, 'subscriber', log, options.onRecovered);

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const message = parseBackplaneMessage(text);
    if (message) deliver(message);
    else log.warn({ channel }, 'hub backplane: malformed message ignored');
  });

  // Wait for the subscription (so nothing published right after start-up is
  // missed), but never block start-up on an unreachable Redis.
  const subscribed = subscriber.subscribe(channel).then(
    () => true,
    () => false,
  );
  const waited = new Promise<boolean>((resolve) => {
    setTimeout(() => resolve(false), options.subscribeWaitMs ?? 3000).unref();
  });
  if (!(await Promise.race([subscribed, waited]))) {
    log.warn({ channel }, 'hub backplane: not subscribed yet; continuing without Redis for now');
  }

  return {
    async publish(message) {
      // Our own subscription delivers it only while the subscriber is connected.
      const viaRedis = subscriber.status === 'ready';
      try {
        await publisher.publish(channel, JSON.stringify(message));
      } catch (err) {
        log.debug({ err }, 'hub backplane: publish failed; delivering locally');
        if (viaRedis) deliver(message);
      }
      if (!viaRedis) deliver(message);
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
