import { useCallback, useEffect, useMemo } from 'react';
import { REPORT_ROW_CAP } from '@wattboard/contract';
import type { ChannelListEntry } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/QueryStates';
import { numberLocale } from '@/lib/format';
import { useChannelReport } from '../api/channel-report';
import type { ReportSelection } from '../api/query-policy';
import { canLoadMore, collectRows } from '../model/readings-pages';
import { ReadingsTable } from './ReadingsTable';
import { ReportStatus } from './ReportStatus';

interface ReadingsPanelProps {
  selection: ReportSelection;
  meterName: string;
  zone: string | null;
  onChannels: (channels: readonly ChannelListEntry[]) => void;
}

/**
 * The readings table: the first page on arrival, the next ones (keyset
 * cursor) as the user scrolls near the end or presses Load more, up to the
 * row cap; past the cap a message points to the exports.
 */
export function ReadingsPanel({ selection, meterName, zone, onChannels }: ReadingsPanelProps) {
  const { t, i18n } = useTranslation();
  const query = useChannelReport(selection);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loaded = useMemo(
    () => collectRows(data?.pages ?? [], hasNextPage, REPORT_ROW_CAP),
    [data, hasNextPage],
  );
  const channels = data?.pages[0]?.channelList;
  useEffect(() => {
    if (channels) onChannels(channels);
  }, [channels, onChannels]);
  const more = canLoadMore(loaded, hasNextPage);
  const loadMore = useCallback(() => {
    if (more && !isFetchingNextPage) void fetchNextPage();
  }, [more, isFetchingNextPage, fetchNextPage]);

  return (
    <ReportStatus query={query}>
      {loaded.rows.length === 0 ? (
        <EmptyState text={t('pages.report.empty')} />
      ) : (
        <>
          <p className="wb-report-meta" aria-live="polite" data-testid="report-row-count">
            {t('pages.report.rows', { count: loaded.rows.length })}
            {isFetchingNextPage && ` · ${t('pages.report.loadingMore')}`}
          </p>
          <ReadingsTable
            rows={loaded.rows}
            channels={channels ?? []}
            zone={zone}
            label={t('pages.report.readingsTable', { meter: meterName })}
            onNearEnd={loadMore}
          />
          {loaded.capped && (
            <p className="wb-report-cap" role="note">
              {t('pages.report.cap', {
                cap: new Intl.NumberFormat(numberLocale(i18n.language)).format(REPORT_ROW_CAP),
              })}
            </p>
          )}
          {more && (
            <button
              type="button"
              className="wb-button wb-button--secondary wb-report-more"
              disabled={isFetchingNextPage}
              onClick={loadMore}
            >
              {isFetchingNextPage ? t('pages.report.loadingMore') : t('pages.report.moreRows')}
            </button>
          )}
        </>
      )}
    </ReportStatus>
  );
}
