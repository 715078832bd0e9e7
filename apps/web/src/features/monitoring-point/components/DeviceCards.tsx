import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { EnergyDistribution } from '@/components/energy-distribution/EnergyDistribution';
import { useSettledResult } from '@/lib/hooks/use-settled-result';
import { useMonitorDevice } from '../api/monitor-device';
import type { DateRange } from '../model/date-range';
import { CardStatus, Refreshing } from './CardStatus';
import { ChannelGrid } from './ChannelGrid';

/** The two cards fed by one Monitor Device call: the channels, and the energy distribution. */
interface DeviceCardsProps {
  deviceId: number;
  range: DateRange;
  live: boolean;
}

export function DeviceCards({ deviceId, range, live }: DeviceCardsProps) {
  const { t } = useTranslation();
  // A node's grid is the page's largest render (a factory's incoming supply: dozens of
  // channel cards): drawn in an interruptible pass that yields to the browser, not one
  // long task (issue #14).
  const query = useDeferredValue(
    useSettledResult(useMonitorDevice({ deviceId, ...range }, { live })),
  );
  const refreshing = query.isPlaceholderData;
  return (
    <>
      <section className="wb-card" aria-labelledby="mp-channels-title" data-testid="channels">
        <header className="wb-card__header">
          <h2 id="mp-channels-title" className="wb-card__title">
            {t('monitoringPoint.channels.title')}
          </h2>
        </header>
        {/* A node's channel grid fills the screen (1,665 px for the factory on a desktop):
            hold the cards below out of view until it is in, so none of them jumps. */}
        <CardStatus query={query} loadingHeight="100vh">
          {query.data && (
            <Refreshing active={refreshing}>
              <ChannelGrid key={query.data.deviceid} device={query.data} />
            </Refreshing>
          )}
        </CardStatus>
      </section>
      <section
        className="wb-card"
        aria-labelledby="mp-distribution-title"
        data-testid="energy-distribution"
      >
        <header className="wb-card__header">
          <h2 id="mp-distribution-title" className="wb-card__title">
            {t('monitoringPoint.distribution.title')}
          </h2>
          <span className="wb-card__meta">{t('monitoringPoint.distribution.hint')}</span>
        </header>
        <CardStatus query={query}>
          {query.data && (
            <Refreshing active={refreshing}>
              <EnergyDistribution
                entries={query.data.energyDistribution}
                emptyText={t('monitoringPoint.distribution.empty')}
              />
            </Refreshing>
          )}
        </CardStatus>
      </section>
    </>
  );
}
