/** A meter reading after ingest's checks: the one shape every write and announce step takes. */
export type PhaseKey = 'a' | 'b' | 'c' | 'ab' | 'bc' | 'ca' | 'l1' | 'l2' | 'value';

export interface PhaseValues {
  voltage: number;
  current: number;
  kw: number;
  pf?: number | null;
}

/** A reading already validated by ingest; node belongs to factoryId and has wiring. */
export interface NormalizedReading {
  nodeId: number;
  /** UTC instant of the measurement. */
  ts: Date;
  phases: Partial<Record<PhaseKey, PhaseValues>>;
  /** Total instantaneous kW (sum of phases). */
  kw: number;
  /** Cumulative import counter, kWh. */
  kwhForward: number | null;
  /** Cumulative export counter, kWh (solar). */
  kwhReverse: number | null;
  /**
   * Cumulative lagging reactive counter, kvarh (issue #24); null or absent when the
   * meter has none (optional so writers that predate it need not name it).
   */
  kvarhLagging?: number | null;
  frequency: number | null;
  temperature: number | null;
}
