import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/Spinner';
import { useEmailReceivers } from '../api/email-receivers';
import { ReceiverEditor } from './ReceiverEditor';
import '@/components/states.css';
import './alarm-notice.css';

/** The settings dialog's Alarm Notice tab: who receives alarm e-mails. */
export function AlarmNoticeTab() {
  const { t } = useTranslation();
  const receivers = useEmailReceivers();
  if (receivers.isPending) {
    return (
      <div className="wb-state" role="status">
        <Spinner />
        <span>{t('alarmNotice.loading')}</span>
      </div>
    );
  }
  if (receivers.isError) {
    return (
      <div className="wb-state wb-state--error" role="alert">
        {t('alarmNotice.loadFailed')}
      </div>
    );
  }
  return <ReceiverEditor receivers={receivers.data} />;
}
