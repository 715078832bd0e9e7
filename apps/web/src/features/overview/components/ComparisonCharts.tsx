import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartLegend } from '@/components/charts/ChartLegend';
import { EChart } from '@/components/charts/EChart';
import { EmptyState } from '@/components/QueryStates';
import { Tabs } from '@/components/Tabs';
import { ApiError } from '@/lib/api-errors';
import { channelDisplayName } from '@/lib/channel-names';
import { displayDate, formatNumber, formatWithUnit } from '@/lib/format';
import { useConsumeRatio } from '../api/consume-ratio';
import type { ConsumeRatioRequest } from '../api/consume-ratio';
import { comparisonBarOption, comparisonPieOption } from '../model/comparison-option';
import { comparisonBars, hasComparisonData, leftOutOfPie, pieSlices } from '../model/comparison';
import { CardState } from './OverviewCard';

/** The Pie and Bar charts of the chosen channels and days. */
export function ComparisonCharts({ request }: { request: ConsumeRatioRequest }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const query = useConsumeRatio(request);
  const data = query.data;
  const bars = useMemo(
    () => (data ? comparisonBars(data.barChartList, (c) => channelDisplayName(c, language)) : null),
    [data, language],
  );
  const slices = useMemo(
    () =>
      data
        ? pieSlices(
            data.pieChartData,
            (c) => channelDisplayName(c, language),
            t('overview.comparison.other'),
          )
        : [],
    [data, language, t],
  );
  const leftOut = useMemo(
    () => (data ? leftOutOfPie(data.pieChartData, (c) => channelDisplayName(c, language)) : []),
    [data, language],
  );
  const text = {
    total: t('overview.comparison.total'),
    kwhAxis: t('charts.kwh'),
    dayLabel: displayDate,
    formatKwh: (value: number | null) => formatWithUnit(value, 'kWh', language),
    formatShare: (percent: number) => `${formatNumber(percent, language, 1)}%`,
  };
  const range = { start: displayDate(request.startDate), end: displayDate(request.endDate) };

  // The server refused this selection (a business answer or a 400 naming the field): say why.
  const error = query.error;
  if (error instanceof ApiError && [200, 400].includes(error.httpStatus) && !data) {
    return <EmptyState text={t('overview.comparison.refused', { message: error.message })} />;
  }
  return (
    <CardState
      query={query}
      empty={bars !== null && !hasComparisonData(bars)}
      emptyText={t('overview.comparison.empty')}
    >
      {bars && (
        <div aria-busy={query.isPlaceholderData} className="wb-ov-comparison__charts">
          <Tabs
            label={t('overview.comparison.chartType')}
            tabs={[
              {
                id: 'pie',
                label: t('overview.comparison.pie'),
                panel: (
                  <>
                    <EChart
                      option={comparisonPieOption(slices, text)}
                      height={280}
                      label={t('overview.comparison.pieLabel', range)}
                      testId="comparison-pie"
                    />
                    <ChartLegend
                      label={t('overview.comparison.pie')}
                      items={slices.map((slice) => ({
                        key: slice.key,
                        label: `${slice.label} · ${formatWithUnit(slice.kwh, 'kWh', language)} · ${text.formatShare(slice.share)}`,
                        color: slice.color,
                      }))}
                    />
                    {leftOut.length > 0 && (
                      <ul className="wb-ov-comparison__left-out" data-testid="comparison-left-out">
                        {leftOut.map((channel) => (
                          <li key={channel.key}>
                            {t(`overview.comparison.leftOut.${channel.reason}`, {
                              name: channel.label,
                              kwh: formatWithUnit(channel.kwh, 'kWh', language),
                            })}
                          </li>
                        ))}
                      </ul>
                    )}
                  </>
                ),
              },
              {
                id: 'bar',
                label: t('overview.comparison.bar'),
                panel: (
                  <>
                    <EChart
                      option={comparisonBarOption(bars, text)}
                      height={280}
                      label={t('overview.comparison.barLabel', range)}
                      testId="comparison-bar"
                    />
                    <ChartLegend
                      label={t('overview.comparison.bar')}
                      items={bars.channels.map((channel) => ({
                        key: String(channel.id),
                        label: channel.label,
                        color: channel.color,
                      }))}
                    />
                  </>
                ),
              },
            ]}
          />
        </div>
      )}
    </CardState>
  );
}
