import { useState } from 'react';
import type { AdminBillingPoint } from '@wattboard/contract';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { useAdminNodes } from '@/features/admin/shared/api/node-list';
import { ConfirmDialog } from '@/features/admin/shared/components/ConfirmDialog';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useAdminBillingPoints } from '../api/billing-point-list';
import { useRemoveBillingPoint } from '../api/billing-point-remove';
import { billingPointChoices } from '../model/billing-point-form';
import { pointName } from '../model/point-name';
import { BillingPointDialog } from './BillingPointDialog';
import { BillingPointsTable } from './BillingPointsTable';
import { UncoveredWarning } from './UncoveredWarning';
import './billing.css';

/** Which dialog is open: adding, or changing one point's terms. */
type Editing = { point: AdminBillingPoint | null } | null;

/**
 * Billing points (issue #24): the factory's Taipower accounts (電號), each
 * billed on one monitoring point with its own contract capacity and
 * meter-reading day; add, change, remove, and a warning for energy on no bill.
 */
export function BillingPointsSection() {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const list = useAdminBillingPoints();
  const nodes = useAdminNodes();
  const remove = useRemoveBillingPoint();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AdminBillingPoint | null>(null);
  const points = list.data?.billingPoints ?? [];
  const choices = billingPointChoices(nodes.data ?? [], points);

  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.nodeId, {
      onSuccess: () => {
        toast.success(t('admin.billing.removed', { name: pointName(removing, i18n.language) }));
        setRemoving(null);
      },
      onError: (error) => toast.error(texts.error(error)),
    });

  return (
    <div className="wb-admin-panel">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.billing.title')}</h2>
        <button
          type="button"
          className="wb-button wb-button--primary"
          // The choices come from the node list: wait for it and for the points.
          disabled={!list.data || !nodes.data}
          onClick={() => setEditing({ point: null })}
        >
          <Plus size={16} aria-hidden="true" />
          {t('admin.billing.add')}
        </button>
      </div>
      <p className="wb-admin__hint">{t('admin.billing.explainPeriod')}</p>
      <p className="wb-admin__hint">{t('admin.billing.explainMain')}</p>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <>
          <UncoveredWarning uncovered={list.data.uncovered} />
          {points.length === 0 ? (
            <EmptyState text={t('admin.billing.empty')} />
          ) : (
            <BillingPointsTable
              points={points}
              onEdit={(point) => setEditing({ point })}
              onRemove={setRemoving}
            />
          )}
        </>
      )}
      <BillingPointDialog
        open={editing !== null}
        point={editing?.point ?? null}
        choices={choices}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.billing.removeTitle', {
          name: removing ? pointName(removing, i18n.language) : '',
        })}
        text={t('admin.billing.removeText')}
        confirmLabel={t('admin.billing.remove')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
