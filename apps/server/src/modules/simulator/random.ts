/**
 * Deterministic randomness: every "random" value of the simulator is a hash of
 * (seed, node, time slot), so the same seed gives the same factory on every
 * run, and any instant can be computed without replaying the past.
 */

/** murmur3's 32-bit finaliser: spreads every input bit over the output. */
function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of a string, for turning serial numbers into stable keys. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic number in [0, 1) for a tuple of integers. */
export function unit(a: number, b: number, c = 0, d = 0): number {
  let h = mix32(a ^ 0x9e3779b9);
  h = mix32(h ^ Math.imul(b | 0, 0x27d4eb2d));
  h = mix32(h ^ Math.imul(c | 0, 0x165667b1));
  h = mix32(h ^ Math.imul(d | 0, 0x61c88647));
  return h / 4_294_967_296;
}

/** A deterministic number in [-1, 1). */
export function signedUnit(a: number, b: number, c = 0, d = 0): number {
  return unit(a, b, c, d) * 2 - 1;
}

/**
 * Smooth noise in [-1, 1]: random values at every `periodMs` knot, eased in
 * between, so a load drifts instead of jumping from one minute to the next.
 */
export function smoothNoise(key: number, instant: number, periodMs: number, channel = 0): number {
  const position = instant / periodMs;
  const knot = Math.floor(position);
  const fraction = position - knot;
  const eased = fraction * fraction * (3 - 2 * fraction);
  const from = signedUnit(key, knot, channel, 11);
  const to = signedUnit(key, knot + 1, channel, 11);
  return from + (to - from) * eased;
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * The fraction of (end − span, end] during which a square wave is high: the
 * wave has the given period, is high for `duty` of each period, and is shifted
 * by `offsetMs`. Averaging exactly over the reading's interval keeps a
 * compressor's 1-minute readings and its hourly history telling the same story.
 */
export function dutyFraction(
  end: number,
  span: number,
  periodMs: number,
  duty: number,
  offsetMs: number,
): number {
  if (duty <= 0) return 0;
  if (duty >= 1) return 1;
  const highTime = duty * periodMs;
  const highUpTo = (instant: number): number => {
    const shifted = instant + offsetMs;
    const cycles = Math.floor(shifted / periodMs);
    return cycles * highTime + Math.min(shifted - cycles * periodMs, highTime);
  };
  if (span <= 0) {
    const shifted = end + offsetMs;
    return shifted - Math.floor(shifted / periodMs) * periodMs < highTime ? 1 : 0;
  }
  return (highUpTo(end) - highUpTo(end - span)) / span;
}
