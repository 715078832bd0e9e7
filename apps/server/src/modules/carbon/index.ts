// What other modules may use of the carbon module: lint forbids reaching past this file.
export {
  type Co2Rates,
  co2Rates,
  factorForYear,
  flatCo2Rates,
  splitAtNewYears,
  yearOfDate,
  type YearFactor,
} from './calc/emission-factors.ts';
export { PUBLISHED_FACTORS } from './published-factors.ts';
export {
  appliedFactorOfYear,
  ensurePublishedFactors,
  listEmissionFactors,
  loadCo2Rates,
  saveEmissionFactor,
} from './repo/emission-factors.ts';
export { certificatesOfYear, type YearCertificates } from './repo/certificates.ts';
export { energyTotalsWithCo2, type EnergyTotalsWithCo2 } from './repo/energy-with-co2.ts';
export { carbonAdminRoutes, emissionFactorsAnswer } from './admin-routes.ts';
