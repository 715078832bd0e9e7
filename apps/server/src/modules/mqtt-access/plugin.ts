import fp from 'fastify-plugin';
import type { Queryable } from '../../platform/db/db.ts';
import { redactUrl } from '../../platform/log-redaction.ts';
import { DEFAULT_TOPIC_PREFIX } from '../ingest/index.ts';
import {
  grantGatewayCommands,
  NOT_FOUND_ERRORS,
  revokeGatewayCommands,
  rotateGatewayCommands,
} from './commands.ts';
import { createDynsecClient, DynsecError } from './dynsec-client.ts';
import { findGatewayFactory } from './repo/factories.ts';

/** What the Admin sees when the broker could not change a gateway's login; nothing was changed. */
export const MQTT_ACCESS_MESSAGES = {
  brokerFailed:
    'The MQTT broker could not update this gateway’s login, so nothing was changed. Try again when the broker is reachable.',
  loginNotDeleted:
    'The gateway is revoked, but the MQTT broker could not delete its login. Revoke it again when the broker is reachable.',
} as const;

/** A broker refusal or time-out, thrown from inside the Admin call's transaction so it rolls back. */
export class MqttAccessError extends Error {
  override name = 'MqttAccessError';
  constructor(cause: DynsecError) {
    super(cause.message, { cause });
  }
}

export interface MqttAccess {
  /** False without MQTT_ADMIN_URL: every call below does nothing. */
  readonly enabled: boolean;
  /** Creates the gateway's broker login (gw-<id>, password = its key) and role. */
  grantGateway(
    db: Queryable,
    gateway: { id: number; factoryId: number; key: string },
  ): Promise<void>;
  /** Gives the login a new key. */
  rotateGateway(gatewayId: number, key: string): Promise<void>;
  /** Deletes the login (the broker disconnects it) and its role; a missing one counts as done. */
  revokeGateway(gatewayId: number): Promise<void>;
}

export interface MqttAccessOptions {
  /** MQTT_ADMIN_URL; unset, the plugin only decorates a no-op. */
  adminUrl?: string | undefined;
  /** Topic root the gateways publish under (tests use a unique one). */
  topicPrefix?: string;
  timeoutMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    mqttAccess: MqttAccess;
  }
}

const disabled: MqttAccess = {
  enabled: false,
  grantGateway: async () => undefined,
  rotateGateway: async () => undefined,
  revokeGateway: async () => undefined,
};

/**
 * Per-gateway MQTT credentials through Mosquitto's dynamic-security plugin (issue #25, decision
 * 0075). The Admin gateway calls run these inside their transaction: a broker that refuses or
 * does not answer throws MqttAccessError, the transaction rolls back and the call answers 201
 * Fail with MQTT_ACCESS_MESSAGES.brokerFailed.
 */
export const mqttAccessPlugin = fp<MqttAccessOptions>(
  async (app, options) => {
    if (!options.adminUrl) {
      app.decorate('mqttAccess', disabled);
      return;
    }
    const prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
    const client = createDynsecClient({
      url: options.adminUrl,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    const run = async (
      what: string,
      send: () => Promise<void>,
      detail: Record<string, unknown>,
    ): Promise<void> => {
      try {
        await send();
        app.log.info(detail, `mqtt-access: ${what}`);
      } catch (error) {
        if (!(error instanceof DynsecError)) throw error;
        app.log.error(
          { ...detail, err: error, broker: redactUrl(options.adminUrl!) },
          `mqtt-access: ${what} failed`,
        );
        throw new MqttAccessError(error);
      }
    };

    app.decorate('mqttAccess', {
      enabled: true,
      async grantGateway(db, gateway) {
        const factory = await findGatewayFactory(db, gateway.factoryId);
        if (!factory) throw new Error(`mqtt-access: factory ${gateway.factoryId} not found`);
        await run(
          'gateway login created',
          () => client.send(grantGatewayCommands(prefix, factory, gateway.id, gateway.key)),
          { gatewayId: gateway.id, factoryId: factory.id },
        );
      },
      async rotateGateway(gatewayId, key) {
        await run(
          'gateway login key changed',
          () => client.send(rotateGatewayCommands(gatewayId, key)),
          { gatewayId },
        );
      },
      async revokeGateway(gatewayId) {
        await run(
          'gateway login deleted',
          () => client.send(revokeGatewayCommands(gatewayId), NOT_FOUND_ERRORS),
          { gatewayId },
        );
      },
    } satisfies MqttAccess);

    app.addHook('onClose', () => client.close());
  },
  { name: 'mqtt-access', dependencies: ['db'] },
);
