// What other modules may use of the billing module: lint forbids reaching past this file.
export {
  billingPeriodOf,
  previousBillingPeriod,
  type BillingPeriod,
} from './calc/billing-period.ts';
export { pointLookup } from './calc/coverage.ts';
export { billingPoints, type BillingPoint } from './repo/billing-points.ts';
export { termsOn, type ContractTerms, type ContractVersion } from './calc/contract-versions.ts';
export {
  contractVersions,
  recordMainCapacityChange,
  versionKey,
} from './repo/contract-versions.ts';
