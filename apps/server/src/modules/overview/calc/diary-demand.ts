import type { ZoneClock } from '@wattboard/zone-time';
import { QUARTER_MS } from '@wattboard/zone-time';
import type { DiaryEntryDraft } from './diary.ts';
import { diaryTexts } from './diary-texts.ts';

/** Issue #10: demand at or above this share of the contract capacity is noted. */
export const NEAR_CAPACITY_RATIO = 0.9;

export interface DemandBlock {
  start: number;
  kw: number;
}

export interface DemandDiaryInput {
  /** The root's complete blocks of today, in time order. */
  blocks: readonly DemandBlock[];
  /** The month's highest block before today; null on the month's first day or without data. */
  monthMaxBefore: number | null;
  contractCapacityKw: number | null;
  rootId: number | null;
}

const entry = (
  at: number,
  status: DiaryEntryDraft['status'],
  kind: DiaryEntryDraft['kind'],
  nodeId: number | null,
  texts: { description: string; descriptionZh: string },
): DiaryEntryDraft => ({ at, status, kind, time: new Date(at).toISOString(), nodeId, ...texts });

function blockLabel(start: number, clock: ZoneClock): string {
  const hhmm = (t: number) => clock.formatIso(t).slice(11, 16);
  return `${hhmm(start)}–${hhmm(start + QUARTER_MS)}`;
}

/**
 * Demand happenings of today, each timed at its block's end (when it was
 * known): today's maximum so far (one entry, its first block); every block
 * that beat the month's maximum (only when earlier days of the month have
 * one, so the 1st does not note every rising block); and every crossing into
 * ≥ 90 % of the contract capacity (`alarm` above the capacity, else `warning`).
 */
export function demandEntries(input: DemandDiaryInput, clock: ZoneClock): DiaryEntryDraft[] {
  const { blocks, monthMaxBefore, contractCapacityKw: capacity, rootId } = input;
  const out: DiaryEntryDraft[] = [];
  let dayMax: DemandBlock | null = null;
  let monthMax = monthMaxBefore;
  let wasNear = false;
  for (const block of blocks) {
    const end = block.start + QUARTER_MS;
    if (!dayMax || block.kw > dayMax.kw) dayMax = block;
    if (monthMax !== null && block.kw > monthMax) {
      const texts = diaryTexts.monthDemandMax(block.kw, monthMax, blockLabel(block.start, clock));
      out.push(entry(end, 'warning', 'monthDemandMax', rootId, texts));
      monthMax = block.kw;
    }
    const near = capacity !== null && block.kw >= capacity * NEAR_CAPACITY_RATIO;
    if (near && !wasNear && capacity !== null) {
      const percent = Math.round((block.kw / capacity) * 100);
      const texts = diaryTexts.demandNearCapacity(block.kw, percent, capacity);
      const status = block.kw > capacity ? 'alarm' : 'warning';
      out.push(entry(end, status, 'demandNearCapacity', rootId, texts));
    }
    wasNear = near;
  }
  if (dayMax) {
    const texts = diaryTexts.dayDemandMax(dayMax.kw, blockLabel(dayMax.start, clock));
    out.push(entry(dayMax.start + QUARTER_MS, 'info', 'dayDemandMax', rootId, texts));
  }
  return out;
}
