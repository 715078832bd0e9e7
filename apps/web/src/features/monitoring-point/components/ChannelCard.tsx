import type { MonitorChannel } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { channelDisplayName } from '@/lib/channel-names';
import { formatWithUnit, numberFigure } from '@/lib/format';
import { PhaseTable } from './PhaseTable';
import { StatList } from './StatList';
import type { Stat } from './StatList';

/** One channel of the monitored node: latest phases, demand, energy and CO2 of the range. */
export function ChannelCard({ channel }: { channel: MonitorChannel }) {
  const { t, i18n } = useTranslation();
  // A tile's figure fits it: compact from 10,000 on, the full value on hover and for readers.
  const n = (value: number | null) => numberFigure(value, '', i18n.language);
  const name = channelDisplayName(channel, i18n.language);
  const headingId = `mp-channel-${channel.id}`;

  const demand: Stat[] = [
    {
      key: 'realTime',
      label: t('monitoringPoint.demand.realTime'),
      value: n(channel.demand.valueKw),
    },
    {
      key: 'monthMax',
      label: t('monitoringPoint.demand.monthMax'),
      value: n(channel.demand.monthMaxKw),
    },
    { key: 'max', label: t('monitoringPoint.demand.max'), value: n(channel.demand.maxKw) },
  ];
  const energy: Stat[] = [
    { key: 'forward', label: t('monitoringPoint.energy.forward'), value: n(channel.positiveKWH) },
    ...(channel.hasReverseKWH
      ? [
          {
            key: 'reverse',
            label: t('monitoringPoint.energy.reverse'),
            value: n(channel.reverseKWH),
          },
        ]
      : []),
    { key: 'net', label: t('monitoringPoint.energy.net'), value: n(channel.valueKWH) },
    { key: 'co2', label: t('monitoringPoint.energy.co2'), value: n(channel.co2KG) },
  ];

  return (
    <article className="wb-mp-channel" aria-labelledby={headingId} data-testid="channel-card">
      <header className="wb-mp-channel__header">
        <h3 id={headingId} className="wb-mp-channel__title">
          {name}
          {channel.isVirtual && (
            <span className="wb-badge wb-badge--inline">
              {t('monitoringPoint.channels.virtual')}
            </span>
          )}
        </h3>
        <p className="wb-mp-channel__meta">
          {channel.breakerType && (
            <span>
              {t('monitoringPoint.channels.breaker')} {channel.breakerType}
            </span>
          )}
          {channel.frequencyHz !== null && (
            <span>
              {t('monitoringPoint.channels.frequency')}{' '}
              {formatWithUnit(channel.frequencyHz, 'Hz', i18n.language)}
            </span>
          )}
          {channel.balance && (
            <span>
              {t('monitoringPoint.balance.title')}: {t('monitoringPoint.balance.total')}{' '}
              {formatWithUnit(channel.balance.valueKw, 'kW', i18n.language)}
            </span>
          )}
        </p>
      </header>
      <PhaseTable channel={channel} />
      <div className="wb-mp-channel__groups">
        <section aria-label={t('monitoringPoint.demand.title')}>
          <h4 className="wb-mp-group-title">{t('monitoringPoint.demand.title')}</h4>
          <StatList stats={demand} testId="demand" />
        </section>
        <section aria-label={t('monitoringPoint.energy.title')}>
          <h4 className="wb-mp-group-title">{t('monitoringPoint.energy.title')}</h4>
          <StatList stats={energy} testId="energy" />
        </section>
      </div>
    </article>
  );
}
