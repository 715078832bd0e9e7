import type { FastifyInstance } from 'fastify';
import { devDemandOverload, devDemandStep } from '@wattboard/contract';
import { overloadLevel } from './calc/overload.ts';
import { demandStatus } from './repo/status.ts';
import { okEnvelope, registerCallerCall } from '../auth/index.ts';
import { sheddableCircuits } from './repo/sheddable.ts';

/**
 * Dev tools (DEV_TOOLS=1) for demos and tests: force an overload now (a heat
 * wave on the sheddable loads: together they draw extra kW for some minutes,
 * so shedding them removes it), and
 * run a simulator reading plus the demand step and scheduler at once instead
 * of waiting for the minute.
 */
export async function demandDevRoutes(app: FastifyInstance, options: { devTools: boolean }) {
  if (!options.devTools) return;
  const resets = new Map<number, NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of resets.values()) clearTimeout(timer);
  });

  registerCallerCall(app, devDemandOverload, async ({ body, auth }) => {
    // A new overload replaces the last one (extraKw 0 ends it).
    for (const [nodeId, timer] of resets) {
      clearTimeout(timer);
      app.simulator.setCircuitLevel(nodeId, 1);
    }
    resets.clear();
    const ok = okEnvelope(devDemandOverload.path, auth);
    if (body.extraKw === 0 || body.minutes === 0) return { ...ok, message: 'Overload ended.' };
    const circuits = await sheddableCircuits(app.db, auth.factory.id);
    const drawn = circuits.reduce((sum, c) => sum + c.kw, 0);
    if (drawn < 0.5) return { ...ok, message: 'No sheddable load is on to overload.' };
    // Every sheddable load runs hot by the same factor, so together they draw extraKw more.
    const level = overloadLevel(drawn, body.extraKw);
    for (const circuit of circuits) {
      app.simulator.setCircuitLevel(circuit.nodeId, level);
      resets.set(
        circuit.nodeId,
        setTimeout(() => {
          app.simulator.setCircuitLevel(circuit.nodeId, 1);
          resets.delete(circuit.nodeId);
        }, body.minutes * 60_000).unref(),
      );
    }
    return {
      ...ok,
      message: `${circuits.length} sheddable loads draw ${body.extraKw} kW more for ${body.minutes} minutes.`,
    };
  });

  registerCallerCall(app, devDemandStep, async ({ auth }) => {
    await app.simulator.tick(new Date(app.control.now()));
    await app.control.scheduler.kick(auth.factory.id, app.control.now());
    return {
      ...okEnvelope(devDemandStep.path, auth),
      demand: await demandStatus(app.db, auth.factory.id, app.control.now()),
    };
  });
}
