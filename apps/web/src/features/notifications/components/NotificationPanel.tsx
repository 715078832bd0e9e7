import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/Tabs';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useNotifications } from '@/lib/notifications';
import { AbnormalList } from './AbnormalList';
import { OfficialList } from './OfficialList';

/** Tabs Abnormal (default) and Official. */
export function NotificationPanel({ id }: { id: string }) {
  const { t } = useTranslation();
  const { abnormal, official } = useNotifications();
  const zone = useFactoryTimeBase()?.zone ?? null;

  return (
    <section id={id} className="wb-notifications" aria-label={t('notifications.panelTitle')}>
      <Tabs
        label={t('notifications.tabsLabel')}
        tabs={[
          {
            id: 'abnormal',
            label: t('notifications.tabs.abnormal'),
            panel: <AbnormalList alerts={abnormal} zone={zone} />,
          },
          {
            id: 'official',
            label: t('notifications.tabs.official'),
            panel: <OfficialList announcements={official} zone={zone} />,
          },
        ]}
      />
    </section>
  );
}
