export { DEFAULT_SEED, type SimulatorPluginOptions } from './plugin.ts';
export type { Simulator, RunResult, ReadingWriter, WriteResult } from './simulator.ts';
export { BACKFILL_TIERS, CATCH_UP_TIERS, planSampleTimes, type Tier } from './plan.ts';
export type { SimReading } from './generator.ts';
