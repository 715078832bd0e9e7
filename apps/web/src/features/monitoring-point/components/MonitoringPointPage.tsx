import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { channelDisplayName } from '@/lib/channel-names';
import { usePageParams } from '@/lib/hooks/use-page-params';
import { useChannelList } from '@/lib/queries/channel-list';
import { NodePicker } from './NodePicker';
import './monitoring-point.css';

export function MonitoringPointPage() {
  const { t, i18n } = useTranslation();
  const [, setSearch] = useSearchParams();
  const params = usePageParams();
  const channels = useChannelList();
  const list = channels.data?.channelList ?? [];
  const selected = list.find((channel) => channel.id === params.deviceId);

  const selectNode = (deviceId: number) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      next.set('deviceId', String(deviceId));
      return next;
    });

  return (
    <div className="wb-page">
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
            <NodePicker channels={list} selectedId={params.deviceId} onSelect={selectNode} />
            <dl className="wb-details" data-testid="monitoring-params">
              <dt>{t('pages.monitoringPoint.nodePicker')}</dt>
              <dd>{selected ? channelDisplayName(selected, i18n.language) : '—'}</dd>
              <dt>{t('pages.monitoringPoint.deviceId')}</dt>
              <dd>{params.deviceId}</dd>
              <dt>{t('pages.monitoringPoint.startDate')}</dt>
              <dd>{params.startDate}</dd>
              <dt>{t('pages.monitoringPoint.endDate')}</dt>
              <dd>{params.endDate}</dd>
              <dt>{t('pages.monitoringPoint.resolution')}</dt>
              <dd>{t('pages.monitoringPoint.resolutionValue', { minutes: params.resolution })}</dd>
            </dl>
          </div>
        )}
      </section>
    </div>
  );
}
