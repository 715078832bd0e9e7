export { DEFAULT_SEED, type SimulatorPluginOptions } from './plugin.ts';
export type { Simulator, RunResult, ReadingWriter, WriteResult } from './simulator.ts';
export { BACKFILL_TIERS, CATCH_UP_TIERS, planSampleTimes, type Tier } from './plan.ts';
export type { SimReading } from './generator.ts';
// Labelled waste for measuring the waste finder (bench/waste.ts, test/waste): never in the demo.
export { wasteHistory, type WasteHistory, type WasteHistoryOptions } from './waste-history.ts';
export type { WasteLabel } from './waste-cases.ts';
