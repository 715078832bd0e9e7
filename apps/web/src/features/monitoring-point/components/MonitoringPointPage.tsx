import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { todayFor } from '@wattboard/zone-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useChannelList } from '@/lib/queries/channel-list';
import { useLiveDeviceRefresh } from '../hooks/use-live-device-refresh';
import { useMonitoringParams } from '../hooks/use-monitoring-params';
import { datesSettled, daysInRange, withinLimit } from '../model/date-range';
import type { DateRange } from '../model/date-range';
import { fittingResolution, supportedResolution } from '../model/power-detail';
import { AlarmSettingsCard } from './AlarmSettingsCard';
import { ConsumptionQueryCard } from './ConsumptionQueryCard';
import { DeviceCards } from './DeviceCards';
import { NodeCostCard } from './NodeCostCard';
import { NodePicker } from './NodePicker';
import { PowerDetailCard } from './PowerDetailCard';
import { RangeControls } from './RangeControls';
import './monitoring-point.css';

/**
 * Monitor Point: one node's live readings, demand, energy, the
 * energy-distribution heatmap, the power-detail chart and the consumption
 * query, and its alarm settings. The URL (deviceId, startDate, endDate,
 * resolution) is the state. While the hub pushes the node's readings the
 * cards refresh on each burst of them; otherwise they poll every minute.
 */
export function MonitoringPointPage() {
  const { t } = useTranslation();
  const { params, update } = useMonitoringParams();
  const channels = useChannelList();
  const timeBase = useFactoryTimeBase();
  const [search] = useSearchParams();
  // The queries wait for the factory's today unless the URL names the days (issue #14, bug 2).
  const settled = datesSettled(search, timeBase !== null);
  const list = useMemo(() => channels.data?.channelList ?? [], [channels.data]);
  const today = todayFor(timeBase, Date.now());
  // Every card gets one range within the server's limit, so none shows data for a
  // range another refuses (a hand-edited address may name more; issue #23).
  const range: DateRange = useMemo(
    () => withinLimit({ startDate: params.startDate, endDate: params.endDate }),
    [params.startDate, params.endDate],
  );
  const { deviceId } = params;
  const { startDate, endDate } = range;
  // A resolution too fine for the range (1 minute over a month) gives way to one that fits.
  const resolution = fittingResolution(supportedResolution(params.resolution), daysInRange(range));
  const firstId = list[0]?.id;
  const { live } = useLiveDeviceRefresh(deviceId, today);

  // The address shows the range the cards show.
  useEffect(() => {
    if (startDate !== params.startDate) update({ startDate }, { replace: true });
  }, [startDate, params.startDate, update]);

  // deviceId=0 (the default) means "no choice yet": show the first node rather than nothing.
  useEffect(() => {
    if (deviceId === 0 && firstId !== undefined) update({ deviceId: firstId }, { replace: true });
  }, [deviceId, firstId, update]);

  return (
    <div className="wb-page wb-mp">
      <h1 className="wb-page__title">{t('pages.monitoringPoint.title')}</h1>
      <section className="wb-card" aria-labelledby="monitoring-selection">
        <h2 id="monitoring-selection" className="wb-visually-hidden">
          {t('pages.monitoringPoint.selection')}
        </h2>
        {channels.isPending && <LoadingState />}
        {channels.isError && <ErrorState onRetry={() => void channels.refetch()} />}
        {channels.isSuccess && list.length === 0 && <EmptyState text={t('states.noChannels')} />}
        {channels.isSuccess && list.length > 0 && (
          <div className="wb-monitoring__toolbar">
            <div className="wb-mp-node">
              <NodePicker
                channels={list}
                selectedId={deviceId}
                onSelect={(id) => update({ deviceId: id })}
              />
              <dl className="wb-mp-node__id" data-testid="monitoring-params">
                <dt>{t('pages.monitoringPoint.deviceId')}</dt>
                <dd>{deviceId}</dd>
              </dl>
              <p className="wb-mp-live" data-live={live} data-testid="live-status">
                {live ? t('monitoringPoint.live.on') : t('monitoringPoint.live.off')}
              </p>
            </div>
            <RangeControls
              range={range}
              today={today}
              onChange={(next) =>
                update({ ...next, resolution: fittingResolution(resolution, daysInRange(next)) })
              }
            />
          </div>
        )}
      </section>
      {deviceId > 0 && settled ? (
        <>
          <DeviceCards deviceId={deviceId} range={range} live={live} />
          <NodeCostCard deviceId={deviceId} range={range} live={live} />
          <PowerDetailCard
            deviceId={deviceId}
            range={range}
            resolution={resolution}
            zone={timeBase?.zone ?? null}
            live={live}
            onResolutionChange={(minutes) => update({ resolution: minutes })}
          />
          <ConsumptionQueryCard
            key={`${startDate}/${endDate}`}
            deviceId={deviceId}
            range={range}
            live={live}
          />
          <AlarmSettingsCard deviceId={deviceId} live={live} zone={timeBase?.zone ?? null} />
        </>
      ) : (
        deviceId === 0 &&
        channels.isSuccess &&
        list.length > 0 && (
          <section className="wb-card">
            <EmptyState text={t('monitoringPoint.noNode')} />
          </section>
        )
      )}
    </div>
  );
}
