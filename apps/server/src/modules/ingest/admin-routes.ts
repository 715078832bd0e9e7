import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminGatewayCreate,
  adminGatewayList,
  adminGatewayRevoke,
  StatusCode,
} from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { ingestInstructions } from './ingest-instructions.ts';
import { publicOrigin } from '../../platform/http/public-origin.ts';
import { insertGateway } from '../factory/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Config } from '../../platform/config.ts';
import { gatewayUsername, MQTT_ACCESS_MESSAGES, MqttAccessError } from '../mqtt-access/index.ts';
import { ZoneClock } from '@wattboard/zone-time';
import {
  exampleMeter,
  findGateway,
  listGateways,
  readingsSince,
  revokeGateway,
} from './repo/gateways.ts';

/** The listening socket's address, or null (not listening yet, or a pipe). */
function listeningAddress(app: FastifyInstance): AddressInfo | null {
  const address = app.server.address();
  return address && typeof address === 'object' ? address : null;
}

/** A broker that could not change a gateway's MQTT login rolled the call back: say so (no 500). */
async function orBrokerFailure<T>(work: () => Promise<T>): Promise<T | MqttAccessError> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MqttAccessError) return error;
    throw error;
  }
}

/**
 * Gateways: list with last-seen and today's readings, create (key shown once), revoke. With
 * MQTT_ADMIN_URL, create also makes the gateway's broker login inside its transaction (if the
 * broker cannot, nothing is created); revoke takes effect first and deletes the login after
 * (decision 0075).
 */
export async function adminGatewayRoutes(app: FastifyInstance, config: Config) {
  // PUBLIC_URL or the server's own address; never the request's Host (see public-origin.ts).
  const origin = () =>
    publicOrigin({
      publicUrl: config.publicUrl,
      listening: listeningAddress(app),
      configuredPort: config.port,
      interfaces: networkInterfaces(),
    });
  const instructionsFor = async (factoryId: number, key?: string) =>
    ingestInstructions({
      origin: origin(),
      factoryId,
      meter: await exampleMeter(app.db, factoryId),
      ...(key ? { key } : {}),
    });

  registerAdminCall(app, adminGatewayList, async ({ auth, factoryId, ok }) => {
    const clock = new ZoneClock(auth.factory.timeZone);
    const today = clock.startOfDay(clock.formatIso(Date.now()).slice(0, 10));
    return {
      ...ok,
      gateways: await listGateways(app.db, factoryId),
      readingsToday: await readingsSince(app.db, factoryId, new Date(today)),
      instructions: await instructionsFor(factoryId),
    };
  });

  registerAdminCall(app, adminGatewayCreate, async ({ body, factoryId, actor, ok, fail }) => {
    const created = await orBrokerFailure(() =>
      app.db.transaction(async (tx) => {
        const { id, key } = await insertGateway(tx, factoryId, body.name);
        await recordAudit(tx, {
          factoryId,
          actor,
          action: 'gateway.add',
          target: { type: 'gateway', id },
          detail: { name: body.name },
        });
        await app.mqttAccess.grantGateway(tx, { id, factoryId, key });
        return { gateway: (await findGateway(tx, factoryId, id))!, key };
      }),
    );
    if (created instanceof MqttAccessError) {
      return fail(StatusCode.Fail, MQTT_ACCESS_MESSAGES.brokerFailed);
    }
    return {
      ...ok,
      ...created,
      instructions: await instructionsFor(factoryId, created.key),
      mqttUsername: app.mqttAccess.enabled ? gatewayUsername(created.gateway.id) : null,
    };
  });

  registerAdminCall(app, adminGatewayRevoke, async ({ body, factoryId, actor, ok, fail }) => {
    // The key stops working here at once, whatever the broker says: a revoke must never wait
    // for a broker. Its MQTT login is deleted after; a repeated Revoke deletes it again.
    const outcome = await app.db.transaction(async (tx) => {
      const gateway = await findGateway(tx, factoryId, body.gatewayId);
      if (!gateway) return 'missing' as const;
      const revoked = await revokeGateway(tx, factoryId, gateway.id);
      if (!revoked) return 'revoked' as const;
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'gateway.revoke',
        target: { type: 'gateway', id: gateway.id },
        detail: { name: gateway.name },
      });
      return revoked;
    });
    if (outcome === 'missing') return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    const broker = await orBrokerFailure(() => app.mqttAccess.revokeGateway(body.gatewayId));
    if (broker instanceof MqttAccessError) {
      return fail(StatusCode.Fail, MQTT_ACCESS_MESSAGES.loginNotDeleted);
    }
    if (outcome === 'revoked') return fail(StatusCode.Fail, ADMIN_MESSAGES.gatewayRevoked);
    return { ...ok, gateway: outcome };
  });
}
