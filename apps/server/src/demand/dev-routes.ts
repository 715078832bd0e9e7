import type { FastifyInstance } from 'fastify';
import { devDemandOverload, devDemandStep } from '@wattboard/contract';
import { demandStatus } from '../queries/demand/status.ts';
import { okEnvelope, registerCall } from '../routes/call-route.ts';

/** The circuit an overload lands on: the factory's largest load that no sheddable channel switches. */
async function overloadCircuit(app: FastifyInstance, factoryId: number) {
  const rows = await app.db.query<{ node_id: number; kw: number; name: string }>(
    `SELECT l.node_id, l.kw, n.name FROM latest_readings l
       JOIN nodes n ON n.factory_id = l.factory_id AND n.id = l.node_id
      WHERE l.factory_id = $1 AND n.type = 'circuit' AND l.kw > 1
        AND NOT EXISTS (SELECT 1 FROM channel_schedules c WHERE c.factory_id = l.factory_id
                          AND c.node_id = l.node_id AND c.shed_priority IS NOT NULL)
      ORDER BY l.kw DESC, l.node_id LIMIT 1`,
    [factoryId],
  );
  return rows[0] ?? null;
}

/**
 * Dev tools (DEV_TOOLS=1) for demos and tests: force an overload now (a hot
 * afternoon: extra kW on the largest unsheddable load for some minutes), and
 * run a simulator reading plus the demand step and scheduler at once instead
 * of waiting for the minute.
 */
export async function demandDevRoutes(app: FastifyInstance, options: { devTools: boolean }) {
  if (!options.devTools) return;
  const resets = new Map<number, NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of resets.values()) clearTimeout(timer);
  });

  registerCall(app, devDemandOverload, async ({ body, auth }) => {
    if (!auth) throw new Error('demand overload reached without authentication');
    const circuit = await overloadCircuit(app, auth.factory.id);
    if (!circuit) {
      return { ...okEnvelope(devDemandOverload.path, auth), message: 'No load to overload yet.' };
    }
    const level = 1 + body.extraKw / Number(circuit.kw);
    app.simulator.setCircuitLevel(circuit.node_id, level);
    clearTimeout(resets.get(circuit.node_id));
    resets.set(
      circuit.node_id,
      setTimeout(
        () => app.simulator.setCircuitLevel(circuit.node_id, 1),
        body.minutes * 60_000,
      ).unref(),
    );
    return {
      ...okEnvelope(devDemandOverload.path, auth),
      message: `${circuit.name} draws ${body.extraKw} kW more for ${body.minutes} minutes.`,
    };
  });

  registerCall(app, devDemandStep, async ({ auth }) => {
    if (!auth) throw new Error('demand step reached without authentication');
    await app.simulator.tick(new Date(app.control.now()));
    await app.control.scheduler.kick(auth.factory.id, app.control.now());
    return {
      ...okEnvelope(devDemandStep.path, auth),
      demand: await demandStatus(app.db, auth.factory.id),
    };
  });
}
