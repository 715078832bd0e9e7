import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleNote } from '@/components/RoleNote';
import { Spinner } from '@/components/Spinner';
import { usePermission } from '@/lib/hooks/use-permission';
import { failureText } from '@/lib/roles';
import { useSendTestEmail } from '../api/send-test-email';
import { useTriggerTestAlarm } from '../api/trigger-test-alarm';

/**
 * Trigger a test abnormal alert and send a test e-mail; failures are only
 * logged (a role refusal says why). Both are the manager's.
 */
export function TestActions() {
  const { t } = useTranslation();
  const alarm = useTriggerTestAlarm();
  const email = useSendTestEmail();
  const tests = usePermission('manage', 'runTests');
  const noteId = useId();
  const describedBy = tests.allowed ? undefined : noteId;

  return (
    <div className="wb-devtools-actions">
      <RoleNote id={noteId} reason={tests.reason} />
      <div className="wb-devtools-actions__row">
        <button
          type="button"
          className="wb-button wb-button--primary"
          disabled={alarm.isPending || !tests.allowed}
          aria-describedby={describedBy}
          onClick={() => alarm.mutate()}
        >
          {alarm.isPending && <Spinner size="sm" />}
          {t('devTools.actions.triggerAlarm')}
        </button>
        <p className="wb-devtools-actions__result" role="status">
          {alarm.isSuccess && t('devTools.actions.alarmTriggered', { id: alarm.data.alarmId })}
          {alarm.isError && failureText(alarm.error, t, 'devTools.actions.failed')}
        </p>
      </div>
      <div className="wb-devtools-actions__row">
        <button
          type="button"
          className="wb-button wb-button--secondary"
          disabled={email.isPending || !tests.allowed}
          aria-describedby={describedBy}
          onClick={() => email.mutate()}
        >
          {email.isPending && <Spinner size="sm" />}
          {t('devTools.actions.sendEmail')}
        </button>
        <p className="wb-devtools-actions__result" role="status">
          {email.isSuccess && t('devTools.actions.emailQueued', { count: email.data.recipients })}
          {email.isError && failureText(email.error, t, 'devTools.actions.failed')}
        </p>
      </div>
    </div>
  );
}
