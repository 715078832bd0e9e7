export {
  storeReadings,
  type NormalizedReading,
  type PhaseKey,
  type PhaseValues,
  type StoreResult,
} from './store-readings.ts';
export { recomputeRollups } from './recompute.ts';
export { pruneRawReadings } from './repo/retention.ts';
export {
  energyByBucket,
  type NodeLink,
  quarterHourStart,
  type RollupSample,
  virtualAncestors,
} from './energy/index.ts';
export { type PlannedJob, planRebucket, planVirtualRecompute } from './jobs/start-jobs.ts';
export { runningJob } from './repo/jobs.ts';
export {
  energyInWindows,
  energyTotals,
  type EnergyTotals,
  maxDemandOverDays,
  type OpenDay,
  rollupRows,
} from './repo/rollups.ts';
