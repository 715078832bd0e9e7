import type { AdminBillingPoint } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { SINCE_ALWAYS } from '../model/contract-history';

/**
 * A billing point's contract capacities by the meter-reading day they began
 * (decision 0081), newest first: each period's bill uses those in force on
 * its first day. Nothing shows while the terms have not changed.
 */
export function ContractHistory({ history }: { history: AdminBillingPoint['contractHistory'] }) {
  const { t } = useTranslation();
  if (history.length === 0) return null;
  return (
    <section className="wb-admin-billing__history" data-testid="contract-history">
      <h3 className="wb-admin-billing__history-title">{t('admin.billing.historyTitle')}</h3>
      <ul>
        {[...history].reverse().map((version) => {
          const others = Object.values(version.otherContractsKw).reduce((a, b) => a + b, 0);
          return (
            <li key={version.validFrom}>
              <span>
                {version.validFrom === SINCE_ALWAYS
                  ? t('admin.billing.historySince')
                  : t('admin.billing.historyFrom', { date: version.validFrom })}
                {': '}
              </span>
              <span>
                {version.contractCapacityKw === null
                  ? t('admin.billing.historyNone')
                  : t('admin.billing.historyCapacity', { kw: version.contractCapacityKw })}
                {others > 0 && `, ${t('admin.billing.historyOthers', { kw: others })}`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
