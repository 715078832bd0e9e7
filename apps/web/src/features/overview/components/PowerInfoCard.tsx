import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDevMode } from '@/lib/in-app-link';
import { channelDisplayName } from '@/lib/channel-names';
import { formatNumber } from '@/lib/format';
import { monitoringPointHref } from '../model/tree';
import { CardState, OverviewCard } from './OverviewCard';
import type { OverviewQuery } from './types';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

/** Every smart meter's latest kW and today's kWh and CO2. */
export function PowerInfoCard({ query, today }: { query: OverviewQuery; today: string }) {
  const { t, i18n } = useTranslation();
  const devMode = useDevMode();
  const language = i18n.language;
  const meters = query.data?.devicePowerInfo ?? [];
  return (
    <OverviewCard
      title={t('overview.powerInfo.title')}
      testId="overview-power-info"
      height={440}
      phoneHeight={470}
    >
      <CardState
        query={query}
        empty={meters.length === 0}
        emptyText={t('overview.powerInfo.empty')}
      >
        <ResponsiveTable label={t('overview.powerInfo.caption')} className="wb-ov-table">
          <table className="wb-table">
            <caption className="wb-visually-hidden">{t('overview.powerInfo.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('overview.powerInfo.meter')}</th>
                <th scope="col" className="wb-num">
                  {t('overview.powerInfo.kw')}
                </th>
                <th scope="col" className="wb-num">
                  {t('overview.powerInfo.kwh')}
                </th>
                <th scope="col" className="wb-num">
                  {t('overview.powerInfo.co2')}
                </th>
              </tr>
            </thead>
            <tbody>
              {meters.map((meter) => (
                <tr key={meter.id}>
                  <td>
                    <Link to={monitoringPointHref(meter.id, today, devMode)}>
                      {channelDisplayName(meter, language)}
                    </Link>
                  </td>
                  <td
                    className="wb-num"
                    title={meter.valueKW === null ? t('overview.powerInfo.noReading') : undefined}
                  >
                    {formatNumber(meter.valueKW, language)}
                  </td>
                  <td className="wb-num">{formatNumber(meter.valueKWH, language)}</td>
                  <td className="wb-num">{formatNumber(meter.co2KG, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ResponsiveTable>
      </CardState>
    </OverviewCard>
  );
}
