import fp from 'fastify-plugin';
import { WebSocketServer } from 'ws';
import type { HubServerEvent } from '@wattboard/contract';
import { loadNotificationLists } from './repo/notification-lists.ts';
import { createLocalBackplane, type Backplane, type BackplaneMessage } from './backplane.ts';
import { eventFrame } from './broadcast.ts';
import { textFrame } from './frame.ts';
import type { CloseTarget } from './close-order.ts';
import { createAncestorPusher } from './ancestor-pushes.ts';
import {
  deviceReadingBroadcasts,
  LIVE_READING_MAX_AGE_MS,
  newestRecentReadings,
} from './device-readings.ts';
import { HANDSHAKE_TIMEOUT_MS } from './handshake.ts';
import { Heartbeat, heartbeatPeriodMs } from './heartbeat.ts';
import { HubClient, type HubClientHandlers, type HubTimings } from './hub-client.ts';
import { loadHubSecret } from './repo/hub-secret.ts';
import { invokeHubMethod } from './invocations.ts';
import { registerNegotiateRoute } from './negotiate.ts';
import { MAX_MESSAGE_BYTES } from './protocol.ts';
import { createRedisBackplane } from './redis-backplane.ts';
import { ConnectionRegistry } from './registry.ts';
import { startSessionCheck } from './session-check.ts';
import { hubUpgradeListener } from './upgrade.ts';

export interface HubPluginOptions {
  /** With a URL, a Redis pub/sub backplane links the instances; without, fan-out is in-process. */
  redisUrl?: string;
  /** Also emit the test screen's alias events. */
  devTools: boolean;
  /** Redis channel prefix (default 'wattboard:hub'), so tests sharing a Redis stay apart. */
  channelPrefix?: string;
  keepAliveMs?: number;
  clientTimeoutMs?: number;
  handshakeTimeoutMs?: number;
  /** How often open connections' sessions are re-checked (default 60 s). */
  sessionCheckMs?: number;
  /** At most one push per ancestor node per this window (default 5 s, trailing push included). */
  ancestorPushWindowMs?: number;
}

export interface Hub {
  /** Every connection of the factory, on every instance (via the backplane when REDIS_URL is set). */
  toFactory(factoryId: number, target: HubServerEvent, payload: unknown): Promise<void>;
  /** Every connection of every factory (platform-wide announcements). */
  toAll(target: HubServerEvent, payload: unknown): Promise<void>;
  /** Loads the factory's latest lists and sends NotificationReceived {type:'list', data:{alertList, announcementList}}. */
  refreshLists(factoryId: number): Promise<void>;
  /** Open connections on this instance. */
  connectionCount(): number;
  /**
   * Closes, on every instance, the connections of a user or of one session
   * token: Close with allowReconnect false and `reason` as the error. For
   * sign-out (by token) and a disabled user (by user id).
   */
  closeUserConnections(target: CloseTarget, reason: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
  }
}

const DEFAULT_KEEP_ALIVE_MS = 15_000;
const DEFAULT_CLIENT_TIMEOUT_MS = 30_000;
const DEFAULT_SESSION_CHECK_MS = 60_000;
/** On shutdown, wait this long for clients to acknowledge the Close before cutting them off. */
const SHUTDOWN_GRACE_MS = 1000;

const CONNECTED_MESSAGE =
  'Connected to the notification hub; the latest notifications are pushed automatically.';

/**
 * The live-notification hub at /notificationHub (docs/product/live-hub.md): the SignalR JSON
 * protocol over WebSockets, factory groups, device subscriptions and a
 * backplane so any instance serves any client.
 */
export const hubPlugin = fp<HubPluginOptions>(
  async (app, options) => {
    const now = () => Date.now();
    const devTools = options.devTools;
    const timings: HubTimings = {
      keepAliveMs: options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS,
      clientTimeoutMs: options.clientTimeoutMs ?? DEFAULT_CLIENT_TIMEOUT_MS,
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS,
    };
    const log = app.log.child({ module: 'hub' });
    const secret = await loadHubSecret(app.db);
    const registry = new ConnectionRegistry();
    let closing = false;

    const { hubMessages, hubConnections } = app.metrics;
    app.metrics.onScrape(() => hubConnections.set(registry.openCount));
    const deliverLocally = (broadcast: BackplaneMessage) => {
      if (broadcast.scope === 'close') {
        for (const client of [...registry.matching(broadcast.target)]) {
          client.close({ error: broadcast.reason, allowReconnect: false });
        }
        return;
      }
      // Serialised and framed once, whatever the number of recipients (frame.ts).
      let frame: Buffer | undefined;
      let sent = 0;
      for (const client of registry.recipients(broadcast)) {
        frame ??= textFrame(eventFrame(broadcast.target, broadcast.payload, devTools));
        client.sendFrame(frame);
        sent += 1;
      }
      if (sent > 0) hubMessages.inc({ event: broadcast.target }, sent);
    };
    const backplane: Backplane = options.redisUrl
      ? await createRedisBackplane({
          url: options.redisUrl,
          channelPrefix: options.channelPrefix ?? 'wattboard:hub',
          deliver: deliverLocally,
          log,
          // Events other instances raised during the outage reached no client
          // here: the lists (newest events) bring them, as a reconnect would.
          onRecovered: () => {
            for (const factoryId of registry.factoryIds()) {
              listPayload(factoryId).then(
                (payload) =>
                  deliverLocally({
                    scope: 'factory',
                    factoryId,
                    target: 'NotificationReceived',
                    payload,
                  }),
                (err: unknown) => log.error({ err }, 'could not refresh the lists after Redis'),
              );
            }
          },
        })
      : createLocalBackplane(deliverLocally);

    const listPayload = async (factoryId: number) => ({
      type: 'list' as const,
      data: await loadNotificationLists(app.db, factoryId),
    });

    const hub: Hub = {
      toFactory: (factoryId, target, payload) =>
        backplane.publish({ scope: 'factory', factoryId, target, payload }),
      toAll: (target, payload) => backplane.publish({ scope: 'all', target, payload }),
      refreshLists: async (factoryId) =>
        hub.toFactory(factoryId, 'NotificationReceived', await listPayload(factoryId)),
      connectionCount: () => registry.openCount,
      closeUserConnections: (target, reason) =>
        backplane.publish({ scope: 'close', target, reason }),
    };
    app.decorate('hub', hub);

    const push = (client: HubClient, target: HubServerEvent, payload: unknown) => {
      client.send(eventFrame(target, payload, devTools));
      hubMessages.inc({ event: target });
    };

    const handlers: HubClientHandlers = {
      opened(client) {
        registry.join(client);
        push(client, 'ConnectionInitialized', {
          connectionId: client.connectionId,
          message: CONNECTED_MESSAGE,
        });
        listPayload(client.factoryId).then(
          (payload) => push(client, 'NotificationReceived', payload),
          (err: unknown) => log.error({ err }, 'could not load the initial notification lists'),
        );
      },
      invoke: (client, target, args) =>
        invokeHubMethod(
          app.db,
          {
            factoryId: client.factoryId,
            subscriptions: client.subscriptions,
            push: (event, payload) => push(client, event, payload),
          },
          target,
          args,
        ),
      closed: (client) => registry.leave(client),
      debug: (details, message) => log.debug(details, message),
    };
    const heartbeat = new Heartbeat<HubClient>(
      heartbeatPeriodMs([timings.keepAliveMs, timings.clientTimeoutMs, timings.handshakeTimeoutMs]),
      now,
    );
    const shared = { timings, handlers, heartbeat };

    registerNegotiateRoute(app, secret, now);
    const wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_MESSAGE_BYTES,
      // Off on purpose: a zlib context per socket costs tens of KB, SignalR does not need it
      // (its messages are small JSON), and sendFrame() relies on ws never queueing a frame.
      perMessageDeflate: false,
      // The heartbeat already holds every socket; ws's own set would add an entry and a
      // close listener per connection.
      clientTracking: false,
    });
    const onUpgrade = hubUpgradeListener({
      db: app.db,
      wss,
      registry,
      secret,
      now,
      log,
      isClosing: () => closing,
      accept: (socket, raw, identity) => new HubClient(socket, raw, identity, shared),
    });
    app.server.on('upgrade', onUpgrade);
    const stopSessionCheck = startSessionCheck({
      db: app.db,
      registry,
      now,
      log,
      intervalMs: options.sessionCheckMs ?? DEFAULT_SESSION_CHECK_MS,
    });

    // Every ancestor (the meter above a circuit, virtual areas, the incoming supply) hears of
    // new data below it under its own id, throttled: a page on the parent learns of its children.
    const ancestorPushes = createAncestorPusher({
      db: app.db,
      publish: (broadcast) => backplane.publish(broadcast),
      windowMs: options.ancestorPushWindowMs,
      onError: (err, nodeId) => log.warn({ err, nodeId }, 'ancestor DeviceReading not published'),
    });

    // Not retried: a DeviceReading late is worth little, and the next one comes within a minute.
    app.readingsFeed.subscribe(
      'hub',
      async (factoryId, stored) => {
        // Cheap for old batches (the backfill): one pass, no query, nothing sent.
        const fresh = newestRecentReadings(stored, now());
        if (fresh.length === 0) return;
        const broadcasts = deviceReadingBroadcasts(factoryId, fresh);
        await Promise.all(broadcasts.map((broadcast) => backplane.publish(broadcast)));
        await ancestorPushes.push(factoryId, fresh);
      },
      { maxAgeMs: LIVE_READING_MAX_AGE_MS },
    );

    // Sockets close before the http server does: server.close() waits for them.
    app.addHook('preClose', async () => {
      closing = true;
      await stopSessionCheck();
      ancestorPushes.close();
      const clients = [...registry.all()];
      for (const client of clients) client.close({ allowReconnect: true });
      await Promise.race([
        Promise.all(clients.map((client) => client.whenClosed())),
        new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref()),
      ]);
    });
    app.addHook('onClose', async () => {
      app.server.off('upgrade', onUpgrade);
      heartbeat.stop();
      for (const client of heartbeat.members()) client.terminate();
      wss.close();
      await backplane.close();
    });
  },
  { name: 'hub', dependencies: ['db', 'auth', 'metrics', 'readings-feed'] },
);
