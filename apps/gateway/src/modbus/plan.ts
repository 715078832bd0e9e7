import { registerCount } from '../decode/registers.ts';
import type { TemplateDefinition } from '@wattboard/contract/meter-templates';

/** A shipped template's register or an Admin-defined one's (decision 0088). */
type TemplateRegister = TemplateDefinition['registers'][number];

/**
 * Which requests read a template's registers: one per run of nearby registers of the same
 * function code, so a 17-value meter is read in 3 requests, not 17. On RS-485 at 9600 baud each
 * request costs ~20 ms of fixed overhead, so fewer requests is what lets a bus keep up.
 */

export interface ReadBlock {
  functionCode: 3 | 4;
  start: number;
  count: number;
}

interface Span {
  functionCode: 3 | 4;
  start: number;
  end: number; // inclusive
}

/** Every register the template needs read, values and scale registers alike. */
function spans(registers: readonly TemplateRegister[]): Span[] {
  const out: Span[] = [];
  for (const r of registers) {
    out.push({
      functionCode: r.functionCode,
      start: r.address,
      end: r.address + registerCount(r.type) - 1,
    });
    if (r.scaleRegister) {
      const { functionCode, address } = r.scaleRegister;
      out.push({ functionCode, start: address, end: address });
    }
  }
  return out;
}

/**
 * Blocks of at most `maxCount` registers; two spans join when at most `maxGap` unlisted registers
 * lie between them and the joined block still fits. A single value is never split.
 */
export function planReads(
  registers: readonly TemplateRegister[],
  maxCount: number,
  maxGap = 0,
): ReadBlock[] {
  const sorted = spans(registers).sort(
    (a, b) => a.functionCode - b.functionCode || a.start - b.start || a.end - b.end,
  );
  const blocks: Span[] = [];
  for (const span of sorted) {
    const last = blocks.at(-1);
    const joins =
      last !== undefined &&
      last.functionCode === span.functionCode &&
      span.start - last.end - 1 <= maxGap &&
      Math.max(last.end, span.end) - last.start + 1 <= maxCount;
    if (joins) last.end = Math.max(last.end, span.end);
    else blocks.push({ ...span });
  }
  return blocks.map((b) => ({
    functionCode: b.functionCode,
    start: b.start,
    count: b.end - b.start + 1,
  }));
}

/** The words of one register out of the blocks' answers; throws if no block covered it. */
export function wordsAt(
  answers: ReadonlyMap<ReadBlock, readonly number[]>,
  functionCode: 3 | 4,
  address: number,
  count: number,
): number[] {
  for (const [block, words] of answers) {
    const offset = address - block.start;
    if (block.functionCode === functionCode && offset >= 0 && offset + count <= block.count) {
      return words.slice(offset, offset + count);
    }
  }
  throw new Error(`no read covered FC${functionCode} address ${address}`);
}
