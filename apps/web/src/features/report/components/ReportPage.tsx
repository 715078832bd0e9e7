import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@/components/QueryStates';
import { channelDisplayName } from '@/lib/channel-names';
import { usePageParams } from '@/lib/hooks/use-page-params';
import { useChannelList } from '@/lib/queries/channel-list';

export function ReportPage() {
  const { t, i18n } = useTranslation();
  const params = usePageParams();
  const channels = useChannelList();
  const selected = channels.data?.channelList.find((channel) => channel.id === params.deviceId);
  return (
    <div className="wb-page">
      <h1 className="wb-page__title">{t('pages.report.title')}</h1>
      <section className="wb-card" aria-label={t('pages.report.channel')}>
        {channels.isPending && <LoadingState />}
        {channels.isError && <ErrorState onRetry={() => void channels.refetch()} />}
        {channels.isSuccess && (
          <dl className="wb-details" data-testid="report-selection">
            <dt>{t('pages.report.channel')}</dt>
            <dd>
              {selected
                ? `${channelDisplayName(selected, i18n.language)} (#${selected.id})`
                : t('pages.report.noChannel')}
            </dd>
            <dt>{t('pages.report.period')}</dt>
            <dd>
              {t('pages.report.periodValue', { start: params.startDate, end: params.endDate })}
            </dd>
          </dl>
        )}
      </section>
    </div>
  );
}
