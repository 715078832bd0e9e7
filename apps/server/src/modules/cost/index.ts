// What other modules may use of the cost module: lint forbids reaching past this file.
export { roundMoneyOrNull } from './calc/bill.ts';
export { demandChargeDiary } from './repo/diary-charge.ts';
export { pricedNodesByTariff } from './repo/priced-range.ts';
export { reportPricing, withCost } from './repo/report-cost.ts';
export {
  ensureDefaultTariffs,
  tariffBook,
  tariffSchedule,
  deletePointTariff,
  upgradeModelDefaultTariffs,
  addContractRatesToDefault,
} from './repo/tariff-store.ts';
