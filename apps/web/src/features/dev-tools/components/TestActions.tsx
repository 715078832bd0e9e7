import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/Spinner';
import { useSendTestEmail } from '../api/send-test-email';
import { useTriggerTestAlarm } from '../api/trigger-test-alarm';

/** Trigger a test abnormal alert and send a test e-mail; failures are only logged. */
export function TestActions() {
  const { t } = useTranslation();
  const alarm = useTriggerTestAlarm();
  const email = useSendTestEmail();

  return (
    <div className="wb-devtools-actions">
      <div className="wb-devtools-actions__row">
        <button
          type="button"
          className="wb-button wb-button--primary"
          disabled={alarm.isPending}
          onClick={() => alarm.mutate()}
        >
          {alarm.isPending && <Spinner size="sm" />}
          {t('devTools.actions.triggerAlarm')}
        </button>
        <p className="wb-devtools-actions__result" role="status">
          {alarm.isSuccess && t('devTools.actions.alarmTriggered', { id: alarm.data.alarmId })}
          {alarm.isError && t('devTools.actions.failed')}
        </p>
      </div>
      <div className="wb-devtools-actions__row">
        <button
          type="button"
          className="wb-button wb-button--secondary"
          disabled={email.isPending}
          onClick={() => email.mutate()}
        >
          {email.isPending && <Spinner size="sm" />}
          {t('devTools.actions.sendEmail')}
        </button>
        <p className="wb-devtools-actions__result" role="status">
          {email.isSuccess && t('devTools.actions.emailQueued', { count: email.data.recipients })}
          {email.isError && t('devTools.actions.failed')}
        </p>
      </div>
    </div>
  );
}
