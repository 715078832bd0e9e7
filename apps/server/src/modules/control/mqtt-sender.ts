import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { Queryable } from '../../platform/db/db.ts';
import {
  commandTopic,
  parseStateTopic,
  stateMessage,
  stateSubscription,
  type CommandMessage,
} from './mqtt-topics.ts';
import type { CommandSender, ReportListener } from './sender.ts';
import { factoryIdBySlugOrId, factorySlug } from '../factory/index.ts';

export interface MqttSenderOptions {
  url: string;
  /** Topic root (default 'wattboard'); tests use a unique one. */
  topicPrefix?: string;
  shareGroup?: string;
  db: Queryable;
  log: FastifyBaseLogger;
  report: ReportListener;
}

export interface MqttCommandSender extends CommandSender {
  /** Resolves once the broker granted the state subscription. */
  ready: Promise<void>;
}

/**
 * Commands over MQTT: QoS 1 JSON on `{prefix}/{factory slug}/channel/{id}/command`;
 * the device's answer on `.../state` confirms (or contradicts) it. The topic's
 * factory may be the slug or the id; a state for a channel of another factory
 * than the topic names is ignored.
 */
export function createMqttSender(options: MqttSenderOptions): MqttCommandSender {
  const prefix = options.topicPrefix ?? 'wattboard';
  const slugs = new Map<number, string>();
  const client = mqtt.connect(options.url, {
    clientId: `wattboard-control-${hostname()}-${randomBytes(4).toString('hex')}`,
    protocolVersion: 5,
    reconnectPeriod: 2000,
  });
  client.on('error', (err) => options.log.warn({ err }, 'control MQTT error'));

  async function factoryOf(name: string): Promise<number | null> {
    return factoryIdBySlugOrId(options.db, name);
  }

  async function onState(topic: string, payload: Buffer): Promise<void> {
    const where = parseStateTopic(topic, prefix);
    let parsed: ReturnType<typeof stateMessage.safeParse> | null;
    try {
      parsed = stateMessage.safeParse(JSON.parse(payload.toString('utf8')));
    } catch {
      parsed = null;
    }
    if (!where || !parsed?.success) {
      options.log.warn({ topic }, 'control: malformed channel state dropped');
      return;
    }
    const factoryId = await factoryOf(where.factory);
    if (factoryId === null) return;
    await options.report({
      factoryId,
      channelId: where.channelId,
      commandId: parsed.data.commandId ?? null,
      state: parsed.data.state,
      at: Date.now(),
    });
  }

  client.on('message', (topic, payload) => {
    onState(topic, payload).catch((err: unknown) =>
      options.log.error({ err, topic }, 'control: channel state not applied'),
    );
  });

  const ready = new Promise<void>((resolve, reject) => {
    client.once('connect', () => {
      client.subscribe(
        stateSubscription(prefix, options.shareGroup ?? 'wattboard-control'),
        { qos: 1 },
        (err) => (err ? reject(err) : resolve()),
      );
    });
  });
  ready.catch(() => undefined);

  async function slugOf(factoryId: number): Promise<string> {
    const known = slugs.get(factoryId);
    if (known) return known;
    const slug = (await factorySlug(options.db, factoryId)) ?? String(factoryId);
    slugs.set(factoryId, slug);
    return slug;
  }

  return {
    kind: 'mqtt',
    ready,
    async send(command) {
      const message: CommandMessage = {
        commandId: command.commandId,
        state: command.state,
        options: command.options,
      };
      const topic = commandTopic(prefix, await slugOf(command.factoryId), command.channelId);
      // Not awaited to its PUBACK: a broker that is away must not hold up the scheduler's tick;
      // mqtt.js keeps QoS 1 messages and sends them on reconnect, and a missing answer is offline.
      client.publish(topic, JSON.stringify(message), { qos: 1 }, (err) => {
        if (err) options.log.warn({ err, topic }, 'control: command not published');
      });
    },
    async close() {
      await client.endAsync();
    },
  };
}
