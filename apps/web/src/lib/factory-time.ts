import { formatInstant } from './format';

/**
 * The header clock's texts: HH:mm:ss and dd MMM yyyy (English month names in
 * every language). The factory's zone and clock skew behind them are
 * @wattboard/zone-time's (factoryTimeBase, factoryNowMs).
 */
export function formatFactoryClock(
  instantMs: number,
  zone: string,
): { time: string; date: string } {
  return {
    time: formatInstant(instantMs, zone, 'timeSeconds'),
    date: formatInstant(instantMs, zone, 'dayLabel'),
  };
}
