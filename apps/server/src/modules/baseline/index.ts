// What other modules may use of the baseline module: lint forbids reaching past this file.
export { baselineRoutes } from './routes.ts';
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
