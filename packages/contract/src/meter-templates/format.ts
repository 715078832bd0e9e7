/**
 * The meter-template format's vocabulary (issue #25): register types and their widths, and the
 * units a register may be given in with the server unit each converts to. Shared by the gateway
 * (which decodes with them) and the server (which validates template ids and wiring).
 */

export const REGISTER_TYPES = [
  'int16',
  'uint16',
  'int32',
  'uint32',
  'float32',
  'int64',
  'uint64',
] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];

const WIDTH: Record<RegisterType, number> = {
  int16: 1,
  uint16: 1,
  int32: 2,
  uint32: 2,
  float32: 2,
  int64: 4,
  uint64: 4,
};

/** How many 16-bit registers a value of this type occupies. */
export function registerCount(type: RegisterType): number {
  return WIDTH[type];
}

/** Units a template may give, and the server unit each becomes. */
export const UNIT_CONVERSIONS = {
  V: { to: 'V', factor: 1 },
  kV: { to: 'V', factor: 1000 },
  A: { to: 'A', factor: 1 },
  mA: { to: 'A', factor: 0.001 },
  W: { to: 'kW', factor: 0.001 },
  kW: { to: 'kW', factor: 1 },
  Wh: { to: 'kWh', factor: 0.001 },
  kWh: { to: 'kWh', factor: 1 },
  MWh: { to: 'kWh', factor: 1000 },
  varh: { to: 'kvarh', factor: 0.001 },
  kvarh: { to: 'kvarh', factor: 1 },
  Hz: { to: 'Hz', factor: 1 },
  '1': { to: '1', factor: 1 },
} as const;
export type SourceUnit = keyof typeof UNIT_CONVERSIONS;
export type TargetUnit = (typeof UNIT_CONVERSIONS)[SourceUnit]['to'];
