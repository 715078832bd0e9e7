// What other modules may use of the baseline module: lint forbids reaching past this file.
export { baselineRoutes } from './routes.ts';
// A point's 15-minute rollups over a range, for the waste finder's route.
export { quarterRollups } from './repo/quarter-rollups.ts';
// The typical day's pure parts, for the waste finder (modules/waste) to stand on.
export {
  baselineDays,
  dayProfiles,
  measuredQuarters,
  median,
  medianProfile,
  type DayProfile,
  type LocalPartsOf,
  type QuarterEnergy,
} from './calc/baseline.ts';
