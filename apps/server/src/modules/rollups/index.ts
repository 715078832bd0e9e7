export {
  storeReadings,
  type NormalizedReading,
  type PhaseKey,
  type PhaseValues,
  type StoreResult,
} from './store-readings.ts';
export { recomputeRollups } from './recompute.ts';
export { pruneRawReadings } from './retention.ts';
