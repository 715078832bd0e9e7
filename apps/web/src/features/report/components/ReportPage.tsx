import { useCallback, useEffect, useMemo, useState } from 'react';
import { REPORT_RANGE_LIMIT_DAYS } from '@wattboard/contract';
import type { ChannelListEntry, ExportFormat } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { todayFor } from '@wattboard/zone-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { channelDisplayName } from '@/lib/channel-names';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { normalizeLanguage } from '@/lib/i18n';
import { useChannelList } from '@/lib/queries/channel-list';
import type { ReportSelection } from '../api/query-policy';
import { useExportDownload } from '../hooks/use-export-download';
import { useReportParams } from '../hooks/use-report-params';
import { selectionFor, smartMeters } from '../model/meters';
import { daysInRange, fittingInterval } from '../model/report-params';
import { EnergyPanel } from './EnergyPanel';
import { ExportButtons } from './ExportButtons';
import { ReadingsPanel } from './ReadingsPanel';
import { ReportToolbar } from './ReportToolbar';
import { ViewControls } from './ViewControls';
import './report.css';

/**
 * Report (issue #11): a smart meter's stored readings or its energy
 * per interval for factory-local days, in a virtualised table, with CSV and
 * Excel exports streamed by the server. The URL is the state.
 */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  const { params, update } = useReportParams();
  const channelList = useChannelList();
  const timeBase = useFactoryTimeBase();
  const meters = useMemo(
    () => smartMeters(channelList.data?.channelList ?? []),
    [channelList.data],
  );
  const linked = selectionFor(params.deviceId, channelList.data?.channelList ?? []);
  const meterId = linked.meterId;
  const meter = meters.find((m) => m.id === meterId);
  const meterName = meter ? channelDisplayName(meter, i18n.language) : '';
  const { startDate, endDate, channelId, view } = params;
  const days = daysInRange(startDate, endDate);
  const interval = fittingInterval(params.interval, days);
  const tooLong = view === 'readings' && days > REPORT_RANGE_LIMIT_DAYS;
  const [known, setKnown] = useState<{ meterId: number; channels: readonly ChannelListEntry[] }>();
  const onChannels = useCallback(
    (channels: readonly ChannelListEntry[]) => setKnown({ meterId, channels }),
    [meterId],
  );
  const exporter = useExportDownload();

  // The sidebar link carries the tree's first node; the report shows a meter, so it picks one.
  // A link to a circuit opens its meter with that circuit chosen.
  const linkedChannel = linked.channelId;
  useEffect(() => {
    if (meterId > 0 && meterId !== params.deviceId)
      update(
        { deviceId: meterId, ...(linkedChannel === null ? {} : { channelId: linkedChannel }) },
        { replace: true },
      );
  }, [meterId, linkedChannel, params.deviceId, update]);

  const selection: ReportSelection = useMemo(
    () => ({ meterId, startDate, endDate, channelId }),
    [meterId, startDate, endDate, channelId],
  );
  const startExport = (format: ExportFormat) =>
    void exporter.start({
      ...selection,
      format,
      kind: view,
      interval,
      lang: normalizeLanguage(i18n.language) === 'zh' ? 'zh-TW' : 'en',
    });

  return (
    <div className="wb-page wb-report">
      <h1 className="wb-page__title">{t('pages.report.title')}</h1>
      <section className="wb-card" aria-labelledby="report-selection">
        <h2 id="report-selection" className="wb-visually-hidden">
          {t('pages.report.selection')}
        </h2>
        {channelList.isPending && <LoadingState />}
        {channelList.isError && <ErrorState onRetry={() => void channelList.refetch()} />}
        {channelList.isSuccess && meters.length === 0 && (
          <EmptyState text={t('pages.report.noMeters')} />
        )}
        {meter && (
          <>
            <ReportToolbar
              meters={meters}
              meterId={meterId}
              startDate={startDate}
              endDate={endDate}
              today={todayFor(timeBase, Date.now())}
              channels={known?.meterId === meterId ? known.channels : []}
              channelId={channelId}
              onChange={(change) => update(change)}
            />
            <div className="wb-report-actions">
              <ViewControls
                view={view}
                interval={interval}
                days={days}
                onView={(next) => update({ view: next })}
                onInterval={(next) => update({ interval: next })}
              />
              <ExportButtons
                state={exporter.state}
                disabled={tooLong}
                onExport={startExport}
                onCancel={exporter.cancel}
              />
            </div>
          </>
        )}
      </section>
      {meter && (
        <section className="wb-card wb-report-data" aria-label={t(`pages.report.view.${view}`)}>
          {tooLong ? (
            <EmptyState text={t('pages.report.range.tooLong', { days: REPORT_RANGE_LIMIT_DAYS })} />
          ) : view === 'readings' ? (
            <ReadingsPanel
              selection={selection}
              meterName={meterName}
              zone={timeBase?.zone ?? null}
              onChannels={onChannels}
            />
          ) : (
            <EnergyPanel
              selection={selection}
              interval={interval}
              meterName={meterName}
              zone={timeBase?.zone ?? null}
              onChannels={onChannels}
            />
          )}
        </section>
      )}
    </div>
  );
}
