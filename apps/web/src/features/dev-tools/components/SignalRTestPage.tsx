import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/Card';
import { useHubFeed } from '../hooks/use-hub-feed';
import { LOG_LINE_LIMIT, RAW_EVENT_LIMIT } from '../model/feed';
import { ConnectionSummary } from './ConnectionSummary';
import { CreateAnnouncementForm } from './CreateAnnouncementForm';
import { ConnectionLog, RawEventList } from './HubFeed';
import { AbnormalTable, OfficialTable } from './NotificationTables';
import { TestActions } from './TestActions';
import './dev-tools.css';

/** The developer test screen (dev mode only; the route guards that). */
export function SignalRTestPage() {
  const { t } = useTranslation();
  const feed = useHubFeed();
  return (
    <div className="wb-page">
      <h1 className="wb-page__title">{t('devTools.title')}</h1>
      <p className="wb-page__intro">{t('devTools.intro')}</p>
      <div className="wb-devtools">
        <Card title={t('devTools.connection.heading')}>
          <ConnectionSummary />
        </Card>
        <Card title={t('devTools.actions.heading')}>
          <TestActions />
        </Card>
        <Card title={t('devTools.form.heading')} className="wb-devtools__wide">
          <CreateAnnouncementForm />
        </Card>
        <Card title={t('devTools.abnormal.heading')} className="wb-devtools__wide">
          <AbnormalTable />
        </Card>
        <Card title={t('devTools.official.heading')} className="wb-devtools__wide">
          <OfficialTable />
        </Card>
        <Card title={t('devTools.rawEvents.heading', { limit: RAW_EVENT_LIMIT })}>
          <RawEventList events={feed.events} />
        </Card>
        <Card title={t('devTools.log.heading', { limit: LOG_LINE_LIMIT })}>
          <ConnectionLog lines={feed.lines} />
        </Card>
      </div>
    </div>
  );
}
