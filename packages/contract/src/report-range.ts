import { z } from 'zod';
import { factoryIdField } from './channel.ts';
import { inputId } from './input.ts';
import { dateOrDateTime, isOrderedRange } from './time.ts';

/** Channels of the meter to include; absent or empty = every circuit of the meter. */
export const channelIdsField = z.array(inputId).max(500).optional();

/**
 * The meter and range every Report call shares (smartmeterId with
 * dtStart/dtEnd derived from the page's query dates). Bounds are read in the
 * factory's zone unless they carry an offset.
 */
export const reportRangeFields = {
  factoryId: factoryIdField,
  smartmeterId: inputId,
  /** A day (from its factory-local midnight) or a moment; inclusive. */
  dtStart: dateOrDateTime,
  /** A day (through its end, the next midnight) or a moment; exclusive. */
  dtEnd: dateOrDateTime,
  channelIds: channelIdsField,
};

/** dtEnd must not be before dtStart; the issue is reported on dtEnd. */
export const orderedRange = {
  check: (r: { dtStart: string; dtEnd: string }) => isOrderedRange(r.dtStart, r.dtEnd),
  message: { message: 'dtEnd must not be before dtStart', path: ['dtEnd'] },
};

/**
 * Longest range of the readings call and the readings export, in days.
 * Raw readings are kept 400 days by default, so this covers all of them.
 */
export const REPORT_RANGE_LIMIT_DAYS = 400;
