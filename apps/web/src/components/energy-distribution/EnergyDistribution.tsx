import { useMemo } from 'react';
import type { EnergyDistributionEntry, Level } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { displayDate, formatWithUnit } from '@/lib/format';
import { ChartLegend } from '../charts/ChartLegend';
import { EChart } from '../charts/EChart';
import { levelColors, noDataColor } from '../charts/chart-colors';
import { EmptyState } from '../QueryStates';
import { compressDistribution, hasAnyEnergy } from './heatmap';
import { heatmapHeight, heatmapOption } from './heatmap-option';

const LEVELS: readonly Level[] = ['low', 'mid', 'high'];

interface EnergyDistributionProps {
  entries: readonly EnergyDistributionEntry[];
  /** Shown instead of a blank grid when no day has any energy. */
  emptyText: string;
}

/**
 * The 96 fifteen-minute values of each day as 24 hourly heatmap
 * cells. Shared by Monitoring Point (any node and range) and Overview (the
 * factory root's last 7 days).
 */
export function EnergyDistribution({ entries, emptyText }: EnergyDistributionProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const days = useMemo(() => compressDistribution(entries), [entries]);
  const option = useMemo(
    () =>
      heatmapOption(days, {
        level: {
          low: t('charts.levels.low'),
          mid: t('charts.levels.mid'),
          high: t('charts.levels.high'),
        },
        levelLabel: t('charts.distribution.legend'),
        noData: t('charts.distribution.noData'),
        valueKWH: t('charts.distribution.valueKWH'),
        averageKW: t('charts.distribution.averageKW'),
        maxKW: t('charts.distribution.maxKW'),
        kwh: (value) => formatWithUnit(value, 'kWh', language),
        kw: (value) => formatWithUnit(value, 'kW', language),
        dayLabel: displayDate,
      }),
    [days, t, language],
  );
  if (!hasAnyEnergy(days)) return <EmptyState text={emptyText} />;
  return (
    <>
      <EChart
        option={option}
        height={heatmapHeight(days.length)}
        label={t('charts.distribution.chartLabel', { days: days.length })}
        testId="energy-distribution-chart"
      />
      <ChartLegend
        label={t('charts.distribution.legend')}
        items={[
          ...LEVELS.map((level) => ({
            key: level,
            label: t(`charts.levels.${level}`),
            color: levelColors[level],
          })),
          { key: 'noData', label: t('charts.distribution.noData'), color: noDataColor },
        ]}
      />
    </>
  );
}
