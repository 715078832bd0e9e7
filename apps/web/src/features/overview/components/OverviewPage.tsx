import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { useChannelList } from '@/lib/queries/channel-list';
import { ChannelTable } from './ChannelTable';

export function OverviewPage() {
  const { t } = useTranslation();
  const channels = useChannelList();
  const list = channels.data?.channelList ?? [];
  return (
    <div className="wb-page">
      <h1 className="wb-page__title">{t('pages.overview.title')}</h1>
      <section className="wb-card" aria-labelledby="overview-channels">
        <header className="wb-card__header">
          <h2 id="overview-channels" className="wb-card__title">
            {t('pages.overview.channelsHeading')}
          </h2>
          {channels.isSuccess && (
            <span className="wb-card__meta">
              {t('pages.overview.channelsCount', { count: list.length })}
            </span>
          )}
        </header>
        {channels.isPending && <LoadingState />}
        {channels.isError && <ErrorState onRetry={() => void channels.refetch()} />}
        {channels.isSuccess &&
          (list.length === 0 ? (
            <EmptyState text={t('states.noChannels')} />
          ) : (
            <ChannelTable channels={list} />
          ))}
      </section>
    </div>
  );
}
