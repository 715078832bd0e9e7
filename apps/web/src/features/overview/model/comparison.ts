import type { OverviewConsumeRatioResponse } from '@wattboard/contract';

type PieData = OverviewConsumeRatioResponse['pieChartData'];
type Channel = PieData['items'][number];
type BarDay = OverviewConsumeRatioResponse['barChartList'][number];

/** Below half a watt-hour an amount is rounding: no slice, no "other". */
const TINY_KWH = 0.0005;

/** Colours for up to eight channels, then repeated; the remainder is always grey. */
export const CHANNEL_COLORS = [
  '#0f766e',
  '#4f46e5',
  '#d97706',
  '#e11d48',
  '#0891b2',
  '#65a30d',
  '#9333ea',
  '#78716c',
] as const;
export const OTHER_COLOR = '#94a3b8';

export const channelColor = (index: number): string =>
  CHANNEL_COLORS[index % CHANNEL_COLORS.length] ?? CHANNEL_COLORS[0];

export interface PieSlice {
  key: string;
  label: string;
  kwh: number;
  co2: number;
  /** Percent of the drawn slices' sum (the root's energy when the remainder is drawn). */
  share: number;
  color: string;
}

/**
 * The pie: each chosen channel's energy over the range, plus the unmetered /
 * other remainder when the channels do not add up to their parent. Channels
 * that used nothing (or fed energy back) have no slice: a pie cannot show them.
 */
export function pieSlices(
  pie: PieData,
  label: (channel: Channel) => string,
  otherLabel: string,
): PieSlice[] {
  const slices: Omit<PieSlice, 'share'>[] = pie.items.map((item, index) => ({
    key: `c${item.id}`,
    label: label(item),
    kwh: item.kwh,
    co2: item.co2,
    color: channelColor(index),
  }));
  if (pie.remainder && pie.remainder.kwh >= TINY_KWH) {
    slices.push({ key: 'other', label: otherLabel, ...pie.remainder, color: OTHER_COLOR });
  }
  const drawn = slices.filter((slice) => slice.kwh >= TINY_KWH);
  // Shares of what the pie draws, so the legend agrees with the ring: with the remainder this
  // is the root's energy; a generating channel (negative) would otherwise push shares past 100 %.
  const whole = drawn.reduce((sum, slice) => sum + slice.kwh, 0);
  return drawn.map((slice) => ({ ...slice, share: whole > 0 ? (slice.kwh / whole) * 100 : 0 }));
}

/** A chosen channel the pie cannot draw, and why: it fed back more than it used, or used nothing. */
export interface LeftOutChannel {
  key: string;
  label: string;
  /** Net kWh over the range (negative: exported). */
  kwh: number;
  reason: 'exported' | 'nothing';
}

/**
 * The chosen channels that have no slice (pieSlices drops them): the card
 * says so under the pie, so "(3 selected)" above a ring of two is explained
 * (issue #23: a solar meter that exported more than it used vanished).
 */
export function leftOutOfPie(pie: PieData, label: (channel: Channel) => string): LeftOutChannel[] {
  return pie.items
    .filter((item) => item.kwh < TINY_KWH)
    .map((item) => ({
      key: `c${item.id}`,
      label: label(item),
      kwh: item.kwh,
      reason: item.kwh <= -TINY_KWH ? 'exported' : 'nothing',
    }));
}

export interface ComparisonBars {
  dates: string[];
  totals: number[];
  channels: { id: number; label: string; color: string; values: (number | null)[] }[];
}

/** One stacked bar per day; each chosen channel a segment, the day's total in the tooltip. */
export function comparisonBars(
  days: readonly BarDay[],
  label: (channel: Channel) => string,
): ComparisonBars {
  const order: Channel[] = [];
  for (const day of days) {
    for (const channel of day.channels) {
      if (!order.some((known) => known.id === channel.id)) order.push(channel);
    }
  }
  return {
    dates: days.map((day) => day.date),
    totals: days.map((day) => day.total.kwh),
    channels: order.map((channel, index) => ({
      id: channel.id,
      label: label(channel),
      color: channelColor(index),
      values: days.map((day) => day.channels.find((c) => c.id === channel.id)?.kwh ?? null),
    })),
  };
}

/** True when the range has no energy at all (the card shows its empty text). */
export function hasComparisonData(bars: ComparisonBars): boolean {
  return bars.totals.some((total) => Math.abs(total) >= TINY_KWH);
}
