import { useEffect, useState } from 'react';
import { Megaphone, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useLatestAnnouncement } from '../api/latest-announcement';
import {
  formatPublishedDate,
  isBannerVisible,
  readDismissedId,
  rememberDismissed,
} from '../model/banner';
import './announcement-banner.css';

/**
 * The factory's latest announcement (in the header), until the user closes
 * it. Needs the signed-in frame's query client; on failure it stays hidden
 * and only a warning is logged.
 */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const latest = useLatestAnnouncement();
  const timeBase = useFactoryTimeBase();
  const [dismissedId, setDismissedId] = useState(() => readDismissedId());

  useEffect(() => {
    if (latest.error) console.warn('Latest announcement unavailable:', latest.error);
  }, [latest.error]);

  const announcement = latest.isError ? null : latest.data;
  if (!isBannerVisible(announcement, dismissedId)) return null;

  const close = () => {
    rememberDismissed(announcement.id);
    setDismissedId(String(announcement.id));
  };

  return (
    <section className="wb-announcement" aria-label={t('announcement.label')}>
      <Megaphone className="wb-announcement__icon" size={16} aria-hidden="true" />
      {/* One line in the header; the full text stays available on hover. */}
      <p className="wb-announcement__text" title={announcement.text}>
        {announcement.text}
      </p>
      <time className="wb-announcement__date" dateTime={announcement.published_date}>
        {formatPublishedDate(announcement.published_date, timeBase?.zone ?? null)}
      </time>
      <button
        type="button"
        className="wb-icon-button wb-announcement__close"
        aria-label={t('announcement.dismiss')}
        onClick={close}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </section>
  );
}
