import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadingState } from '@/components/QueryStates';
import { useNearScreen } from '@/lib/near-screen';
import { useAlarmList } from '../api/alarm-list';
import { CardStatus } from './CardStatus';
import './alarm-settings.css';

// The page's last card: its form (react-hook-form, ~16 KB) loads after the
// first screen's code rather than with it, and is drawn only as the card nears
// the screen: a row of inputs per target was the largest render of a phone's
// first load (issue #14).
const AlarmSettingsForm = lazy(async () => ({
  default: (await import('./AlarmSettingsForm')).AlarmSettingsForm,
}));

interface AlarmSettingsCardProps {
  deviceId: number;
  /** Live pushes flow for the node, so the list refreshes on readings instead of polling. */
  live: boolean;
  /** The factory's zone, for when each alarm last happened. */
  zone: string | null;
}

/** The node's alarm settings: latest value and state per target, editable limits. */
export function AlarmSettingsCard({ deviceId, live, zone }: AlarmSettingsCardProps) {
  const { t } = useTranslation();
  const query = useAlarmList(deviceId, { live });
  const [cardRef, nearScreen] = useNearScreen<HTMLElement>();
  return (
    <section
      ref={cardRef}
      className="wb-card"
      aria-labelledby="mp-alarms-title"
      data-testid="alarm-settings"
    >
      <header className="wb-card__header">
        <h2 id="mp-alarms-title" className="wb-card__title">
          {t('alarmSettings.title')}
        </h2>
        <span className="wb-card__meta">{t('alarmSettings.hint')}</span>
      </header>
      <CardStatus query={query}>
        {query.data &&
          (query.data.length === 0 ? (
            <EmptyState text={t('alarmSettings.empty')} />
          ) : (
            // A new node starts a new form: edits never carry over to another node.
            <Suspense fallback={<LoadingState />}>
              {nearScreen ? (
                <AlarmSettingsForm
                  key={deviceId}
                  deviceId={deviceId}
                  list={query.data}
                  zone={zone}
                />
              ) : (
                // Not loading: waiting to be scrolled to (a spinner would say otherwise).
                <div className="wb-mp-alarms-later" />
              )}
            </Suspense>
          ))}
      </CardStatus>
    </section>
  );
}
