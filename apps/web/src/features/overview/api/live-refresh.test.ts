import { describe, expect, it } from 'vitest';
import { consumeRatioQueryOptions } from './consume-ratio';
import { refreshesOnPush } from './live-refresh';
import { overviewQueryOptions } from './overview';
import { powerChartQueryOptions } from './power-chart';

const EMAIL = 'demo@wattboard.local';
const TODAY = '2026-11-21';

describe('refreshesOnPush', () => {
  it('always refreshes the overview', () => {
    expect(refreshesOnPush(overviewQueryOptions(EMAIL).queryKey, TODAY)).toBe(true);
  });

  it('refreshes the power chart and the comparison only when they show today', () => {
    const chart = (date: string) => powerChartQueryOptions(EMAIL, date, date === TODAY).queryKey;
    expect(refreshesOnPush(chart(TODAY), TODAY)).toBe(true);
    expect(refreshesOnPush(chart('2026-11-20'), TODAY)).toBe(false);
    const ratio = (startDate: string, endDate: string) =>
      consumeRatioQueryOptions(EMAIL, { startDate, endDate, channelIdList: [2] }).queryKey;
    expect(refreshesOnPush(ratio('2026-11-15', TODAY), TODAY)).toBe(true);
    expect(refreshesOnPush(ratio('2026-11-01', '2026-11-20'), TODAY)).toBe(false);
  });

  it('leaves other queries alone', () => {
    expect(refreshesOnPush(['channel-list', { email: EMAIL, factoryId: 0 }], TODAY)).toBe(false);
    expect(refreshesOnPush(['monitor-device', { deviceId: 9 }], TODAY)).toBe(false);
  });

  it('keys carry every input', () => {
    const a = consumeRatioQueryOptions(EMAIL, {
      startDate: TODAY,
      endDate: TODAY,
      channelIdList: [2],
    });
    const b = consumeRatioQueryOptions(EMAIL, {
      startDate: TODAY,
      endDate: TODAY,
      channelIdList: [3],
    });
    expect(a.queryKey).not.toEqual(b.queryKey);
    expect(powerChartQueryOptions(EMAIL, TODAY, true).queryKey).toContainEqual(
      expect.objectContaining({ date: TODAY, factoryId: 0 }),
    );
  });
});
