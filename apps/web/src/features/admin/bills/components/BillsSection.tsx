import { useState } from 'react';
import type { ReconciledBill } from '@wattboard/contract';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { useAdminBillingPoints } from '@/features/admin/billing/api/billing-point-list';
import { ConfirmDialog } from '@/features/admin/shared/components/ConfirmDialog';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useAdminBills } from '../api/bill-list';
import { useRemoveBill } from '../api/bill-remove';
import { billPeriod, billPointName } from '../model/bill-text';
import { BillDialog } from './BillDialog';
import { BillImport } from './BillImport';
import { BillsTable } from './BillsTable';
import { CapacityAdvice } from './CapacityAdvice';
import './bills.css';

/**
 * Bills (issue #24): Taipower's bills as printed, entered by hand or imported
 * from CSV, each beside ours for the same billing point and period, line by
 * line; and the contract-capacity advisor, the one lever on the demand charge.
 */
export function BillsSection() {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const bills = useAdminBills();
  const points = useAdminBillingPoints();
  const remove = useRemoveBill();
  const [entering, setEntering] = useState(false);
  const [removing, setRemoving] = useState<ReconciledBill | null>(null);
  const billingPoints = points.data?.billingPoints ?? [];
  const removingTitle = removing
    ? { name: billPointName(removing, i18n.language), period: billPeriod(removing) }
    : { name: '', period: '' };

  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(t('admin.bills.removed'));
        setRemoving(null);
      },
      onError: (error) => toast.error(texts.error(error)),
    });

  return (
    <div className="wb-admin-panel wb-admin-bills">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.bills.title')}</h2>
        <button
          type="button"
          className="wb-button wb-button--primary"
          // The form chooses among the billing points: wait for them.
          disabled={!points.data}
          onClick={() => setEntering(true)}
        >
          <Plus size={16} aria-hidden="true" />
          {t('admin.bills.enter')}
        </button>
      </div>
      <p className="wb-admin__hint">{t('admin.bills.explain')}</p>
      {bills.isPending ? (
        <LoadingState />
      ) : bills.isError ? (
        <ErrorState onRetry={() => void bills.refetch()} />
      ) : bills.data.bills.length === 0 ? (
        <EmptyState text={t('admin.bills.empty')} />
      ) : (
        <BillsTable bills={bills.data.bills} onRemove={setRemoving} />
      )}
      <BillImport />
      {points.isError ? (
        <ErrorState onRetry={() => void points.refetch()} />
      ) : points.data ? (
        <CapacityAdvice points={billingPoints} />
      ) : (
        <LoadingState />
      )}
      <BillDialog open={entering} points={billingPoints} onClose={() => setEntering(false)} />
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.bills.removeTitle', removingTitle)}
        text={t('admin.bills.removeText')}
        confirmLabel={t('admin.bills.remove')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
