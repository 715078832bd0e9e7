import type { AdminBillingPointsResponse } from '@wattboard/contract';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pointName } from '../model/point-name';

/** The top-level points whose energy is on no bill: easy to miss, and the factory's cost is short by it. */
export function UncoveredWarning({
  uncovered,
}: {
  uncovered: AdminBillingPointsResponse['uncovered'];
}) {
  const { t, i18n } = useTranslation();
  if (uncovered.length === 0) return null;
  return (
    <div className="wb-admin-billing__warning" data-testid="billing-uncovered">
      <p className="wb-admin-billing__warning-title">
        <TriangleAlert size={16} aria-hidden="true" />
        {t('admin.billing.uncoveredTitle')}
      </p>
      <p>{t('admin.billing.uncoveredText')}</p>
      <ul>
        {uncovered.map((point) => (
          <li key={point.nodeId}>{pointName(point, i18n.language)}</li>
        ))}
      </ul>
    </div>
  );
}
