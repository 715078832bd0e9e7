import { useId, useState } from 'react';
import type { AdminBillingPoint } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadingState } from '@/components/QueryStates';
import { FormField } from '@/components/ui/FormField';
import { formatWithUnit } from '@/lib/format';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useCapacityAdvice } from '../api/capacity-advice';
import { billPointName } from '../model/bill-text';
import { AdviceFigures } from './AdviceFigures';

/**
 * The contract-capacity advisor (issue #24) for one chosen billing point: its
 * periods' peaks, what the current contract cost over them against the
 * cheapest combination of the contract types the tariff prices, and where
 * that one would have been exceeded.
 */
export function CapacityAdvice({ points }: { points: AdminBillingPoint[] }) {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const ids = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  // The main point (listed first) until another is chosen.
  const nodeId = chosen ?? points[0]?.nodeId ?? null;
  const advice = useCapacityAdvice(nodeId);

  return (
    <section
      className="wb-admin-bills__block"
      aria-labelledby={`${ids}-title`}
      data-testid="capacity-advice"
    >
      <h3 id={`${ids}-title`} className="wb-admin-bills__subtitle">
        {t('admin.bills.advice.title')}
      </h3>
      {points.length === 0 ? (
        <EmptyState text={t('admin.bills.noPoints')} />
      ) : (
        <FormField label={t('admin.bills.advice.point')} message={null}>
          {({ id, describedBy }) => (
            <select
              id={id}
              className="wb-select wb-admin-bills__picker"
              aria-describedby={describedBy}
              value={nodeId === null ? '' : String(nodeId)}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {points.map((point) => (
                <option key={point.nodeId} value={String(point.nodeId)}>
                  {billPointName(point, i18n.language)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {nodeId === null ? null : advice.isPending ? (
        <LoadingState />
      ) : advice.isError ? (
        <p className="wb-field__error" role="alert">
          {texts.error(advice.error)}
        </p>
      ) : (
        <>
          <p className="wb-admin__hint">
            {t('admin.bills.advice.explain', {
              minimum: formatWithUnit(advice.data.minimumKw, 'kW', i18n.language),
            })}
          </p>
          {advice.data.installedContract ? (
            <EmptyState text={t('admin.bills.advice.installed')} />
          ) : advice.data.best === null ? (
            <EmptyState text={t('admin.bills.advice.empty')} />
          ) : (
            <AdviceFigures
              advice={advice.data}
              best={advice.data.bestCombination ?? advice.data.best}
            />
          )}
        </>
      )}
    </section>
  );
}
