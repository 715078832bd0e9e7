import { useMemo } from 'react';
import type { EnergyDistributionEntry, Level } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ChartLegend } from '@/components/charts/ChartLegend';
import { EChart } from '@/components/charts/EChart';
import { levelColors } from '@/components/charts/chart-colors';
import { EmptyState } from '@/components/QueryStates';
import { displayDate } from '../model/date-range';
import { formatWithUnit } from '../model/format';
import { compressDistribution, hasAnyEnergy } from '../model/heatmap';
import { heatmapHeight, heatmapOption } from '../model/heatmap-option';

const LEVELS: readonly Level[] = ['low', 'mid', 'high'];

/** Spec §9: the 96 fifteen-minute values of each day as 24 hourly heatmap cells. */
export function EnergyDistribution({ entries }: { entries: readonly EnergyDistributionEntry[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const days = useMemo(() => compressDistribution(entries), [entries]);
  const option = useMemo(
    () =>
      heatmapOption(days, {
        level: {
          low: t('monitoringPoint.levels.low'),
          mid: t('monitoringPoint.levels.mid'),
          high: t('monitoringPoint.levels.high'),
        },
        levelLabel: t('monitoringPoint.distribution.legend'),
        valueKWH: t('monitoringPoint.distribution.valueKWH'),
        averageKW: t('monitoringPoint.distribution.averageKW'),
        maxKW: t('monitoringPoint.distribution.maxKW'),
        kwh: (value) => formatWithUnit(value, 'kWh', language),
        kw: (value) => formatWithUnit(value, 'kW', language),
        dayLabel: displayDate,
      }),
    [days, t, language],
  );
  if (!hasAnyEnergy(days)) return <EmptyState text={t('monitoringPoint.distribution.empty')} />;
  return (
    <>
      <EChart
        option={option}
        height={heatmapHeight(days.length)}
        label={t('monitoringPoint.distribution.chartLabel', { days: days.length })}
        testId="energy-distribution-chart"
      />
      <ChartLegend
        label={t('monitoringPoint.distribution.legend')}
        items={LEVELS.map((level) => ({
          key: level,
          label: t(`monitoringPoint.levels.${level}`),
          color: levelColors[level],
        }))}
      />
    </>
  );
}
