import { useTranslation } from 'react-i18next';
import { useHubState } from '@/lib/hub';
import type { HubState } from '@/lib/hub';
import { useNotifications } from '@/lib/notifications';

const badgeTone: Record<HubState, string> = {
  Connected: 'ok',
  Connecting: 'pending',
  Reconnecting: 'pending',
  Disconnecting: 'off',
  Disconnected: 'off',
};

/** The connection-state badge and the notification counters with the has-new flag. */
export function ConnectionSummary() {
  const { t } = useTranslation();
  const state = useHubState();
  const { total, abnormal, official, hasNew } = useNotifications();
  const counters = [
    { key: 'total', value: String(total) },
    { key: 'abnormal', value: String(abnormal.length) },
    { key: 'official', value: String(official.length) },
    { key: 'hasNew', value: hasNew ? t('devTools.counters.yes') : t('devTools.counters.no') },
  ] as const;

  return (
    <div className="wb-devtools-summary">
      <p className="wb-devtools-summary__state">
        <span>{t('devTools.connection.state')}</span>
        <span
          className={`wb-badge wb-devtools-state wb-devtools-state--${badgeTone[state]}`}
          data-testid="hub-state"
        >
          {t(`devTools.states.${state}`)}
        </span>
      </p>
      <dl className="wb-devtools-counters">
        {counters.map((counter) => (
          <div key={counter.key} className="wb-devtools-counters__item">
            <dt>{t(`devTools.counters.${counter.key}`)}</dt>
            <dd className="wb-num" data-testid={`counter-${counter.key}`}>
              {counter.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
