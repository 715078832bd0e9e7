import { useId, useState } from 'react';
import type { EmissionFactorEntry } from '@wattboard/contract';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { formatNumber } from '@/lib/format';
import { ConfirmDialog } from '@/features/admin/shared/components/ConfirmDialog';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useAdminEmissionFactors } from '../api/emission-factor-list';
import { useRemoveEmissionFactor } from '../api/emission-factor-remove';
import {
  currentUse,
  isLastEntryRefusal,
  standInAfterRemoval,
  type CurrentUse,
} from '../model/emission-factor-form';
import { EmissionFactorDialog } from './EmissionFactorDialog';
import { EmissionFactorsTable } from './EmissionFactorsTable';

/**
 * The grid emission factor by year (issue #27), inside Admin › Factory: each
 * kWh's CO2 uses its own year's factor; a year without one uses the latest
 * earlier year's until it is entered. Add, change, remove after asking.
 */
export function EmissionFactorsSection() {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const ids = useId();
  const list = useAdminEmissionFactors();
  const remove = useRemoveEmissionFactor();
  const [editing, setEditing] = useState<EmissionFactorEntry | null | undefined>(undefined);
  const [removing, setRemoving] = useState<EmissionFactorEntry | null>(null);
  const factor = (value: number) => formatNumber(value, i18n.language, 4);
  const factors = list.data?.factors ?? [];

  // Without entries (the server keeps at least one) the empty state says it all.
  const currentText = (use: CurrentUse) =>
    use.kind === 'none'
      ? null
      : t(`admin.emissionFactors.current.${use.kind}`, {
          year: use.year,
          fromYear: use.fromYear,
          factor: factor(use.kgPerKwh),
        });
  const currentLine = list.data ? currentText(currentUse(list.data)) : null;
  const standIn = removing ? standInAfterRemoval(factors, removing.year) : null;
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.year, {
      onSuccess: () => {
        toast.success(t('admin.emissionFactors.removed', { year: removing.year }));
        setRemoving(null);
      },
      onError: (error) => {
        toast.error(
          isLastEntryRefusal(error) ? t('admin.emissionFactors.lastEntry') : texts.error(error),
        );
        setRemoving(null);
      },
    });

  return (
    <section className="wb-admin-panel" aria-labelledby={`${ids}-title`}>
      <div className="wb-admin-panel__bar">
        <h3 id={`${ids}-title`} className="wb-admin-panel__subtitle">
          {t('admin.emissionFactors.title')}
        </h3>
        <button
          type="button"
          className="wb-button wb-button--secondary"
          disabled={!list.data}
          onClick={() => setEditing(null)}
        >
          <Plus size={16} aria-hidden="true" />
          {t('admin.emissionFactors.add')}
        </button>
      </div>
      <p className="wb-admin__hint">{t('admin.emissionFactors.intro')}</p>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <>
          {currentLine && <p data-testid="emission-factor-current">{currentLine}</p>}
          {factors.length === 0 ? (
            <EmptyState text={t('admin.emissionFactors.empty')} />
          ) : (
            <EmissionFactorsTable factors={factors} onEdit={setEditing} onRemove={setRemoving} />
          )}
        </>
      )}
      <EmissionFactorDialog
        editing={editing}
        factors={factors}
        onClose={() => setEditing(undefined)}
        onSaved={(year) => {
          setEditing(undefined);
          toast.success(t('admin.emissionFactors.saved', { year }));
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.emissionFactors.removeTitle', { year: removing?.year ?? '' })}
        text={
          standIn && removing
            ? t('admin.emissionFactors.removeThen', {
                year: removing.year,
                fromYear: standIn.year,
                factor: factor(standIn.kgPerKwh),
              })
            : t('admin.emissionFactors.removeText')
        }
        confirmLabel={t('admin.emissionFactors.remove')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
