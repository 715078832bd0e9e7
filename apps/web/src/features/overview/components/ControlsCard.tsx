import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { channelDisplayName, groupDisplayName } from '@/lib/channel-names';
import { useInAppHref } from '@/lib/in-app-link';
import { CardState, OverviewCard } from './OverviewCard';
import type { OverviewQuery } from './types';

const MODE_KEYS = { Switch: 'switch', 'IR Control': 'irControl' } as const;

/** Controlled device groups (Switch relays, Ir Control air conditioners) with their state. */
export function ControlsCard({ query }: { query: OverviewQuery }) {
  const { t, i18n } = useTranslation();
  const href = useInAppHref();
  const controls = query.data?.controls ?? [];
  return (
    <OverviewCard
      title={t('overview.controls.title')}
      testId="overview-controls"
      height={519}
      phoneHeight={503}
      actions={
        <Link to={href('/dashboard/control')} className="wb-ov-link">
          {t('overview.controls.open')}
        </Link>
      }
    >
      <CardState
        query={query}
        empty={controls.length === 0}
        emptyText={t('overview.controls.empty')}
      >
        <ul className="wb-ov-controls">
          {controls.map((group) => (
            <li key={group.channelGroupId} className="wb-ov-controls__group">
              <div className="wb-ov-controls__head">
                <span className="wb-ov-controls__name">
                  {groupDisplayName(group, i18n.language)}
                </span>
                <span className="wb-badge">
                  {t(`overview.controls.modes.${MODE_KEYS[group.controlMode]}`)}
                </span>
                <span className={`wb-ov-status wb-ov-status--${group.status}`}>
                  {t(`overview.controls.status.${group.status}`)}
                </span>
              </div>
              <p className="wb-ov-note">
                {group.deviceModelName} · {t('overview.controls.master')}:{' '}
                {t(`overview.controls.status.${group.isOn ? 'on' : 'off'}`)} ·{' '}
                {t('overview.controls.channels', { count: group.details.length })}
              </p>
              <ul className="wb-ov-controls__channels">
                {group.details.map((channel) => (
                  <li key={channel.channelScheduleId}>
                    <span>
                      {channelDisplayName(
                        { ...channel, id: channel.channelScheduleId },
                        i18n.language,
                      )}
                    </span>
                    <span className="wb-ov-note">
                      {t(`overview.controls.actions.${channel.action}`)}
                    </span>
                    <span className={`wb-ov-status wb-ov-status--${channel.status}`}>
                      {t(`overview.controls.status.${channel.status}`)}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </CardState>
    </OverviewCard>
  );
}
