import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminBillingPointAdvice,
  StatusCode,
  type OtherContracts,
} from '@wattboard/contract';
import { ZoneClock } from '@wattboard/zone-time';
import { registerAdminCall } from '../auth/index.ts';
import { billingPoints } from '../billing/index.ts';
import { activeTreeNodes, findNode } from '../factory/index.ts';
import { capacityCost, cheapestCapacity, type CapacityCost } from './calc/capacity-advisor.ts';
import { MINIMUM_CONTRACT_KW, minimumContractKw } from './calc/account-rules.ts';
import { advisableTypes, cheapestCombination } from './calc/combination-advisor.ts';
import { ADVICE_PERIODS, advisorPeriods } from './repo/advisor-periods.ts';
import { tariffBook } from './repo/tariff-store.ts';

export interface AdminAdviceRoutesOptions {
  /** The current instant ("the last complete periods"); tests pass a fixed clock. */
  now?: () => Date;
}

const money = (value: number) => Math.round(value * 100) / 100;
const toWire = (cost: CapacityCost, others: OtherContracts) => ({
  capacityKw: cost.capacityKw,
  otherContractsKw: others,
  basicCharge: money(cost.basicCharge),
  penalty: money(cost.penalty),
  total: money(cost.total),
  penalised: cost.penalised.map((p) => ({
    ...p,
    peakKw: Math.round(p.peakKw * 1000) / 1000,
    penalty: money(p.penalty),
  })),
});

/** The contract-capacity advisor of a billing point (issue #24). */
export async function adminAdviceRoutes(
  app: FastifyInstance,
  options: AdminAdviceRoutesOptions = {},
) {
  const now = () => (options.now ? options.now() : new Date()).getTime();

  registerAdminCall(app, adminBillingPointAdvice, async ({ body, auth, factoryId, ok, fail }) => {
    const node = await findNode(app.db, factoryId, body.nodeId);
    if (!node) return fail(StatusCode.IoTDeviceNotFound, ADMIN_MESSAGES.nodeNotFound);
    const [nodes, book] = await Promise.all([
      activeTreeNodes(app.db, factoryId),
      tariffBook(app.db, factoryId),
    ]);
    const point = (await billingPoints(app.db, factoryId, nodes)).find(
      (p) => p.nodeId === body.nodeId,
    );
    if (!point) return fail(StatusCode.Fail, ADMIN_MESSAGES.notBillingPoint);
    // The point's own tariff, or the factory's (decision 0065).
    const schedule = book.forPoint(point.main ? null : point.nodeId);
    const clock = new ZoneClock(auth.factory.timeZone);
    const today = clock.localParts(now()).date;
    const periods = await advisorPeriods(app.db, {
      factoryId,
      nodeId: point.nodeId,
      meterReadingDay: point.meterReadingDay,
      others: point.otherContractsKw,
      today,
      clock,
      schedule,
    });
    // An installed-capacity contract is charged on the installed kW and never over it:
    // no capacity to advise (docs/cost.md, low voltage).
    const lastDefinition = periods.length
      ? schedule.versionOn(periods.at(-1)!.to)?.definition
      : null;
    const installedContract = lastDefinition?.contractBasis === 'installed';
    // Taipower's smallest contract: 100 kW at high voltage, 1 kW at low voltage (T1 p.50), by
    // the tariff the advice is for (today's without periods); 100 kW without any tariff.
    const terms = lastDefinition ?? schedule.versionOn(today)?.definition;
    const minimumKw = terms ? minimumContractKw(terms) : MINIMUM_CONTRACT_KW.high;
    const best = installedContract ? null : cheapestCapacity(periods, minimumKw);
    const current =
      point.contractCapacityKw === null || periods.length === 0
        ? null
        : capacityCost(periods, point.contractCapacityKw);
    // The types the tariff in force at the end of the last period prices: the contract to sign.
    // A period priced by the single-rate rule charges regular kW only: then regular only.
    const contractTypes =
      lastDefinition && periods.every((p) => p.contract)
        ? advisableTypes(lastDefinition)
        : ['regular' as const];
    const others = point.otherContractsKw;
    const combination = installedContract
      ? null
      : cheapestCombination(periods, {
          types: contractTypes,
          minimumKw,
          current:
            point.contractCapacityKw === null
              ? null
              : { regular: point.contractCapacityKw, ...others },
        });
    const yearly = (from: CapacityCost | null, to: CapacityCost | null) =>
      from && to ? money(((from.total - to.total) * ADVICE_PERIODS) / periods.length) : null;
    return {
      ...ok,
      nodeId: point.nodeId,
      periods: periods.map((p) => ({
        from: p.from,
        to: p.to,
        peakKw: Math.round(p.peakKw! * 1000) / 1000,
        basicRatePerKw: Math.round(p.basicRatePerKw * 10_000) / 10_000,
      })),
      minimumKw,
      current: current ? toWire(current, others) : null,
      best: best ? toWire(best, others) : null,
      yearlySaving: yearly(current, best),
      contractTypes,
      bestCombination: combination ? toWire(combination, combination.others) : null,
      combinationYearlySaving: yearly(current, combination),
      installedContract,
    };
  });
}
