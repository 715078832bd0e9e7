import { useEffect } from 'react';
import type { ChannelListEntry, EnergyInterval } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/QueryStates';
import { useReportEnergy } from '../api/report-energy';
import type { ReportSelection } from '../api/query-policy';
import { EnergyTable } from './EnergyTable';
import { ReportStatus } from './ReportStatus';

interface EnergyPanelProps {
  selection: ReportSelection;
  interval: EnergyInterval;
  meterName: string;
  zone: string | null;
  onChannels: (channels: readonly ChannelListEntry[]) => void;
}

/** The energy view: per channel and interval from the rollups, with the range's totals. */
export function EnergyPanel({
  selection,
  interval,
  meterName,
  zone,
  onChannels,
}: EnergyPanelProps) {
  const { t } = useTranslation();
  const query = useReportEnergy({ ...selection, interval });
  const data = query.data;
  useEffect(() => {
    if (data) onChannels(data.channelList);
  }, [data, onChannels]);
  return (
    <ReportStatus query={query}>
      {data && data.energyList.length === 0 ? (
        <EmptyState text={t('pages.report.emptyEnergy')} />
      ) : (
        data && (
          <div
            aria-busy={query.isPlaceholderData}
            className="wb-report-refreshing"
            data-refreshing={query.isPlaceholderData || undefined}
          >
            <p className="wb-report-meta" data-testid="report-row-count">
              {t('pages.report.rows', { count: data.energyList.length })}
            </p>
            <EnergyTable
              rows={data.energyList}
              totals={data.totalList}
              channels={data.channelList}
              interval={interval}
              zone={zone}
              label={t('pages.report.energyTable', {
                meter: meterName,
                interval: t(`pages.report.interval.${interval}`),
              })}
            />
          </div>
        )
      )}
    </ReportStatus>
  );
}
