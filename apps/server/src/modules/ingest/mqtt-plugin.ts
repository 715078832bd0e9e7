import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { createFactoryResolver, handleReadingMessage, type MqttOutcome } from './mqtt-message.ts';
import { DEFAULT_SHARE_GROUP, DEFAULT_TOPIC_PREFIX, readingSubscription } from './mqtt-topic.ts';
import { redactUrl } from '../../platform/log-redaction.ts';

export interface MqttIngestOptions {
  /** Broker URL (MQTT_URL), e.g. mqtt://127.0.0.1:1883. */
  url: string;
  /** Topic root; tests use a unique one per run. */
  topicPrefix?: string;
  shareGroup?: string;
  /** After a failed store, wait this long before reconnecting to get the message again. */
  retryDelayMs?: number;
  /** RAW_RETENTION_DAYS: older readings are refused. */
  rawRetentionDays?: number;
  /**
   * The same for every start of this instance, so a restart after a crash
   * resumes its persistent session and gets what the broker kept for it (the
   * messages in flight at the crash, and those queued since). Random when
   * unset: a crashed instance's share is then held by an orphaned session.
   */
  clientId?: string;
}

export interface MqttIngest {
  client: MqttClient;
  /** The shared subscription this instance holds. */
  subscription: string;
  /** Resolves once the broker granted the subscription (rejects if it refused it). */
  subscribed: Promise<void>;
  /** Called after each message is handled (tests and metrics). */
  onOutcome: (listener: (outcome: MqttOutcome) => void) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mqttIngest: MqttIngest;
  }
}

// Long enough to ride out a restart of this instance, short enough not to pile up on the broker.
const SESSION_EXPIRY_SECONDS = 600;
const CLOSE_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref()),
  ]);
}

/**
 * Meter readings over MQTT: a QoS 1 shared subscription, so several
 * instances split the load. A message is acknowledged (PUBACK) only after its
 * readings are committed (not after the alarms they cause: app.ingest queues those); a malformed one is logged and acknowledged, never
 * redelivered forever; if storing fails the message stays unacknowledged and
 * the client reconnects on its persistent session, so the broker sends it again.
 */
export const mqttIngestPlugin = fp<MqttIngestOptions>(
  async (app, options) => {
    const prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
    const subscription = readingSubscription(prefix, options.shareGroup ?? DEFAULT_SHARE_GROUP);
    const retryDelayMs = options.retryDelayMs ?? 5000;
    const resolveFactory = createFactoryResolver(app.db);
    const listeners: ((outcome: MqttOutcome) => void)[] = [];
    const inFlight = new Set<Promise<void>>();
    let retryTimer: NodeJS.Timeout | undefined;

    const handle = async (topic: string, payload: Buffer): Promise<void> => {
      const outcome = await handleReadingMessage(
        app.ingest,
        resolveFactory,
        prefix,
        topic,
        payload,
        options.rawRetentionDays,
      );
      if (outcome.kind === 'dropped') {
        app.metrics.ingestBatches.inc({ path: 'mqtt', result: 'dropped' });
        app.log.warn({ topic, reason: outcome.reason }, 'MQTT reading message dropped');
      }
      if (outcome.kind === 'ingested' && outcome.result.rejected.length > 0) {
        app.log.info(
          { topic, rejected: outcome.result.rejected.slice(0, 5) },
          `MQTT ingest rejected ${outcome.result.rejected.length} readings`,
        );
      }
      // A listener's fault must not read as a failed store (that would withhold the ack).
      for (const listener of listeners) {
        try {
          listener(outcome);
        } catch (error) {
          app.log.error({ err: error }, 'MQTT ingest outcome listener failed');
        }
      }
    };

    /** Keeps handling (and acknowledging) visible to close, which waits for it. */
    const track = (work: Promise<void>) => {
      inFlight.add(work);
      void work.catch(() => undefined).finally(() => inFlight.delete(work));
    };

    const scheduleRedelivery = () => {
      if (retryTimer) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        // Reconnecting on the same persistent session makes the broker resend unacknowledged messages.
        client.reconnect();
      }, retryDelayMs);
    };

    const clientOptions: IClientOptions = {
      clientId:
        options.clientId ?? `wattboard-ingest-${hostname()}-${randomBytes(4).toString('hex')}`,
      protocolVersion: 5,
      clean: false,
      properties: { sessionExpiryInterval: SESSION_EXPIRY_SECONDS },
      reconnectPeriod: 2000,
      // QoS 1/2 deliveries: the PUBACK goes out only when this callback is called with 0.
      customHandleAcks: (topic, message, _packet, ack) => {
        track(
          handle(topic, message).then(
            () => ack(0),
            (error: unknown) => {
              app.log.error({ err: error, topic }, 'MQTT reading not stored; will be redelivered');
              ack(error instanceof Error ? error : new Error(String(error)));
              scheduleRedelivery();
            },
          ),
        );
      },
    };
    const client = mqtt.connect(options.url, clientOptions);

    // QoS 0 messages have no acknowledgement to hold back; they are stored all the same.
    client.on('message', (topic, message, packet) => {
      if (packet.qos === 0) {
        track(
          handle(topic, message).catch((error: unknown) =>
            app.log.error({ err: error, topic }, 'MQTT QoS 0 reading not stored (lost)'),
          ),
        );
      }
    });
    client.on('error', (error) => app.log.warn({ err: error }, 'MQTT ingest client error'));
    // MQTT_URL may carry the broker password (mqtt://user:pass@host).
    client.on('offline', () =>
      app.log.warn({ url: redactUrl(options.url) }, 'MQTT ingest broker offline'),
    );
    client.on('connect', () => app.log.info({ subscription }, 'MQTT ingest connected'));

    const subscribed = client.subscribeAsync(subscription, { qos: 1 }).then((grants) => {
      const refused = grants.find((grant) => grant.qos > 2);
      if (refused) throw new Error(`The broker refused ${subscription} (code ${refused.qos})`);
    });
    subscribed.catch((error: unknown) =>
      app.log.error({ err: error }, 'MQTT ingest subscription failed'),
    );

    app.decorate('mqttIngest', {
      client,
      subscription,
      subscribed,
      onOutcome: (listener) => listeners.push(listener),
    });

    // preClose: the database is still open, so messages being stored can finish and be acked.
    app.addHook('preClose', async () => {
      clearTimeout(retryTimer);
      if (client.connected) {
        await withTimeout(
          client.unsubscribeAsync(subscription).catch(() => undefined),
          CLOSE_TIMEOUT_MS,
        );
      }
      await withTimeout(Promise.allSettled([...inFlight]), CLOSE_TIMEOUT_MS);
      // Session expiry 0: end the session, so the broker stops queueing share-group messages for it.
      await withTimeout(
        client
          .endAsync(!client.connected, { properties: { sessionExpiryInterval: 0 } })
          .catch(() => undefined),
        CLOSE_TIMEOUT_MS,
      );
    });
  },
  { name: 'mqtt-ingest', dependencies: ['db', 'metrics', 'ingest'] },
);
