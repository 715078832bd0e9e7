/**
 * Rejection reasons are sentences for people ("unknown meter serial
 * \"WB-X\"", "voltage must not be negative"); metrics need a handful of fixed
 * classes. Matched on the sentences' stable parts; anything new counts as
 * `other` until a pattern is added here.
 */
export type RejectionClass =
  'unknown_node' | 'wrong_topic' | 'future' | 'too_old' | 'timestamp' | 'value' | 'shape' | 'other';

// First match wins; the order matters ("timestamp … in the future" is `future`).
const PATTERNS: readonly [RegExp, RejectionClass][] = [
  [/^unknown (meter|node)|is a virtual node/i, 'unknown_node'],
  [/of the topic/i, 'wrong_topic'],
  [/in the future/i, 'future'],
  [/older than the raw retention/i, 'too_old'],
  [/^ts:|^timestamp /i, 'timestamp'],
  [/^phase keys|^reading:|^serial:|missing|expected object|invalid input/i, 'shape'],
  // Field problems: NaN, not a number, negative, out of bounds.
  [/^(phases\.|kw|pf|frequency|temperature)/i, 'value'],
];

export function rejectionClass(reason: string): RejectionClass {
  for (const [pattern, cls] of PATTERNS) if (pattern.test(reason)) return cls;
  return 'other';
}
