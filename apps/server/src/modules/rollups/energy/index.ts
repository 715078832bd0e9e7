/** Energy math as pure functions: counters, buckets, rollups, virtual nodes. */
export {
  intervalEnergy,
  energyByBucket,
  counterHighs,
  walkCounter,
  type CounterSample,
  type CounterInterval,
  type BucketEnergy,
  type CounterHighs,
} from './interval-energy.ts';
export {
  RESET_FRACTION,
  counterStep,
  startingHigh,
  storedHigh,
  type CounterStep,
} from './counter-rule.ts';
export {
  quarterHourStart,
  quarterHourEnd,
  localHourStart,
  localHourEnd,
  localDayStart,
  localDayEnd,
  quarterHours,
  localHours,
  localDays,
  bucketsOverlapping,
  bucketHours,
  type Bucket,
  type BucketScheme,
} from './buckets.ts';
export { localParts, zoneOffsetMs, startOfLocalDate, type LocalParts } from '@wattboard/zone-time';
export {
  netDemandKw,
  quarterHourRollups,
  type QuarterRollup,
  type RollupSample,
} from './quarter-rollups.ts';
export { virtualMembers, virtualAncestors, type NodeLink } from './virtual-nodes.ts';
export {
  mergeRanges,
  clusterInstants,
  clusterSpans,
  type TimeRange,
  type NodeSpan,
} from './time-ranges.ts';
export {
  mergeWindows,
  settleWindow,
  type SampleWindow,
  type HighChange,
  type Settled,
} from './settle-window.ts';
