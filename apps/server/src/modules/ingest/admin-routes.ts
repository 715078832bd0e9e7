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

/** Gateways: list with last-seen and today's readings, create (key shown once), revoke. */
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

  registerAdminCall(app, adminGatewayCreate, async ({ body, factoryId, actor, ok }) => {
    const created = await app.db.transaction(async (tx) => {
      const { id, key } = await insertGateway(tx, factoryId, body.name);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'gateway.add',
        target: { type: 'gateway', id },
        detail: { name: body.name },
      });
      return { gateway: (await findGateway(tx, factoryId, id))!, key };
    });
    return {
      ...ok,
      ...created,
      instructions: await instructionsFor(factoryId, created.key),
    };
  });

  registerAdminCall(app, adminGatewayRevoke, async ({ body, factoryId, actor, ok, fail }) => {
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
    if (outcome === 'revoked') return fail(StatusCode.Fail, ADMIN_MESSAGES.gatewayRevoked);
    return { ...ok, gateway: outcome };
  });
}
