import { useTranslation } from 'react-i18next';
import { EnergyDistribution } from '@/components/energy-distribution/EnergyDistribution';
import { CardState, OverviewCard } from './OverviewCard';
import type { OverviewQuery } from './types';

/** The factory root's last 7 days as the shared hourly heatmap. */
export function DistributionCard({ query }: { query: OverviewQuery }) {
  const { t } = useTranslation();
  return (
    <OverviewCard
      title={t('overview.distribution.title')}
      meta={t('overview.distribution.hint')}
      testId="overview-distribution"
      height={333}
      phoneHeight={344}
      wide
    >
      <CardState query={query}>
        {query.data && (
          <EnergyDistribution
            entries={query.data.energyDistribution}
            emptyText={t('overview.distribution.empty')}
          />
        )}
      </CardState>
    </OverviewCard>
  );
}
