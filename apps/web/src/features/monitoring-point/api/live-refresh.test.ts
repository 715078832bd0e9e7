import { describe, expect, it } from 'vitest';
import { alarmListQueryOptions } from './alarm-list';
import { consumptionQueryOptions } from './consumption-query';
import { refreshesOnReading } from './live-refresh';
import { monitorDeviceQueryOptions } from './monitor-device';
import { powerDetailQueryOptions } from './power-detail';

const EMAIL = 'demo@wattboard.local';
const TODAY = '2026-11-21';
const range = (startDate: string, endDate: string) => ({ deviceId: 9, startDate, endDate });
const consumption = (startDate: string, endDate: string, deviceId = 9) =>
  consumptionQueryOptions(EMAIL, {
    deviceId,
    segmentInfo: {
      dateRange: { startDate, endDate },
      timeRange: { startTime: '00:00', endTime: '24:00' },
      weekdays: ['Mon'],
    },
  }).queryKey;

describe('refreshesOnReading', () => {
  it("always refreshes the node's latest values and alarm states", () => {
    expect(
      refreshesOnReading(
        monitorDeviceQueryOptions(EMAIL, range('2026-01-01', '2026-01-31')).queryKey,
        9,
        TODAY,
      ),
    ).toBe(true);
    expect(refreshesOnReading(alarmListQueryOptions(EMAIL, 9).queryKey, 9, TODAY)).toBe(true);
  });

  it('refreshes the energy chart and the totals only when their range includes today', () => {
    const power = (start: string, end: string) =>
      powerDetailQueryOptions(EMAIL, { ...range(start, end), resolution: 15 }).queryKey;
    expect(refreshesOnReading(power(TODAY, TODAY), 9, TODAY)).toBe(true);
    expect(refreshesOnReading(power('2026-11-15', TODAY), 9, TODAY)).toBe(true);
    expect(refreshesOnReading(power('2026-11-14', '2026-11-20'), 9, TODAY)).toBe(false);
    expect(refreshesOnReading(consumption('2026-11-01', '2026-11-30'), 9, TODAY)).toBe(true);
    expect(refreshesOnReading(consumption('2026-10-01', '2026-10-31'), 9, TODAY)).toBe(false);
  });

  it("leaves other nodes' queries and unrelated queries alone", () => {
    expect(
      refreshesOnReading(
        monitorDeviceQueryOptions(EMAIL, { ...range(TODAY, TODAY), deviceId: 8 }).queryKey,
        9,
        TODAY,
      ),
    ).toBe(false);
    expect(refreshesOnReading(alarmListQueryOptions(EMAIL, 8).queryKey, 9, TODAY)).toBe(false);
    expect(refreshesOnReading(consumption(TODAY, TODAY, 8), 9, TODAY)).toBe(false);
    expect(refreshesOnReading(['channel-list', { email: EMAIL, factoryId: 0 }], 9, TODAY)).toBe(
      false,
    );
    expect(refreshesOnReading(['email-receivers'], 9, TODAY)).toBe(false);
  });
});
