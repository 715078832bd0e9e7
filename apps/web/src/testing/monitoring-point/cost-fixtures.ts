import { costNodeResponse, type EnergyInterval } from '@wattboard/contract';
import { envelope } from '@/testing/network';

/**
 * Test-only: a node's cost as the server answers Cost/Node, parsed with the
 * contract. One hour per bucket of the asked day (peak 16–22, half-peak 9–16
 * and 22–24, off-peak at night: the default's summer weekday), 10 kWh an hour.
 */
export function costNodeBody(request: Record<string, unknown>, { priced = true } = {}) {
  const interval = (request.interval ?? 'day') as EnergyInterval;
  const day = String(request.startDate ?? '2026-11-21');
  const rate = (hour: number) => (hour >= 16 && hour < 22 ? 8.05 : hour >= 9 ? 5.02 : 2.18);
  const period = (hour: number) =>
    hour >= 16 && hour < 22 ? 'peak' : hour >= 9 ? 'halfPeak' : ('offPeak' as const);
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  const at = (hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00+08:00`;
  const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const series =
    interval === 'hour'
      ? hours.map((hour) => ({
          start: at(hour),
          end: hour === 23 ? `${nextDay}T00:00:00+08:00` : at(hour + 1),
          kwh: 10,
          cost: priced ? 10 * rate(hour) : null,
          period: priced ? period(hour) : null,
        }))
      : [
          {
            start: at(0),
            end: `${nextDay}T00:00:00+08:00`,
            kwh: 240,
            cost: priced ? 1131 : null,
            period: null,
          },
        ];
  const byPeriod = (['peak', 'halfPeak', 'offPeak'] as const).map((name) => {
    const inPeriod = hours.filter((hour) => period(hour) === name);
    return {
      period: name,
      kwh: inPeriod.length * 10,
      cost: priced ? inPeriod.reduce((sum, hour) => sum + 10 * rate(hour), 0) : null,
    };
  });
  const body = {
    ...envelope('demo@wattboard.local', '/v1/Web/Cost/Node'),
    currency: 'TWD',
    deviceId: Number(request.deviceId ?? 9),
    interval,
    totalKwh: 240,
    totalCost: priced ? 1131 : null,
    byPeriod,
    series,
  };
  costNodeResponse.parse(body);
  return body;
}
