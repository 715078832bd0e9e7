// What other modules may use of the monitor module: lint forbids reaching past this file.
export { clippedLocalHourStarts, fixedBucketStarts, hourlyReadPlan } from './calc/buckets.ts';
export { consumptionSegments, segmentGridProblem } from './calc/consumption.ts';
export { energyDistribution } from './calc/distribution.ts';
export { isFutureSlot } from './calc/future-slot.ts';
export { type StoredPhase, WIRING_PHASES } from './calc/phase-readings.ts';
export { blockClosedBy } from './calc/real-time-demand.ts';
export { roundMeasure, roundOrNull } from './calc/rounding.ts';
export {
  fitsWithinDays,
  type InstantRange,
  localDaysOf,
  monthOf,
  offGridProblem,
  resolveBound,
  resolveTimeRange,
} from './calc/time-range.ts';
export { demandKey, loadBlockDemand } from './repo/block-demand.ts';
export { type LatestNodeReading, latestReadings } from './repo/latest-readings.ts';
export { findFactoryNode, measuredMembers, reverseEnergyNodes } from './repo/monitor-nodes.ts';
export { realTimeDemand, realTimeDemandBlocks } from './repo/real-time-demand.ts';
