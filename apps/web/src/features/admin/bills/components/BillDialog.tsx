import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminBillingPoint, BillLine } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/Dialog';
import { FormField } from '@/components/ui/FormField';
import { DateRangeFields } from '@/features/admin/shared/components/DateRangeFields';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';
import { useSaveBill } from '../api/bill-save';
import { billFormSchema, emptyBillForm, toBillSave } from '../model/bill-form';
import type { BillFormValues } from '../model/bill-form';
import { OPTIONAL_LINES } from '../model/bill-lines';
import { billPointName } from '../model/bill-text';
import { useBillTexts } from './use-bill-texts';

interface BillDialogProps {
  open: boolean;
  points: AdminBillingPoint[];
  onClose: () => void;
}

/** Enters a bill as printed: its billing point, period, each line (blank = not printed), total. */
export function BillDialog({ open, points, onClose }: BillDialogProps) {
  const { t, i18n } = useTranslation();
  const texts = useBillTexts();
  const save = useSaveBill();
  const { register, handleSubmit, formState, reset, setError } = useForm<BillFormValues>({
    resolver: zodResolver(billFormSchema),
    defaultValues: emptyBillForm(),
  });
  const firstPoint = points[0]?.nodeId;
  useEffect(() => {
    if (open) reset(emptyBillForm(String(firstPoint ?? '')));
  }, [open, firstPoint, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(toBillSave(values), {
      onSuccess: () => {
        toast.success(t('admin.bills.saved'));
        onClose();
      },
      onError: (error) => setError('root', { message: texts.error(error) }),
    }),
  );
  const error = (name: keyof BillFormValues) => texts.field(formState.errors[name]?.message);
  const figure = (line: BillLine, hint?: string) => (
    <FormField key={line} label={texts.lineLabel(line)} message={error(line)} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="wb-input"
          inputMode="decimal"
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(line)}
        />
      )}
    </FormField>
  );

  return (
    <Dialog
      open={open}
      title={t('admin.bills.enterTitle')}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField
          label={t('admin.bills.fields.point')}
          message={points.length === 0 ? t('admin.bills.noPoints') : error('nodeId')}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              className="wb-select"
              aria-describedby={describedBy}
              {...register('nodeId')}
            >
              {points.map((point) => (
                <option key={point.nodeId} value={String(point.nodeId)}>
                  {billPointName(point, i18n.language)}
                  {point.accountNumber && ` (${point.accountNumber})`}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="wb-admin-form__row">
          <DateRangeFields
            from={register('periodFrom')}
            to={register('periodTo')}
            fromMessage={error('periodFrom')}
            toMessage={error('periodTo')}
          />
        </div>
        <p className="wb-admin__hint">{t('admin.bills.fields.linesHint')}</p>
        <div className="wb-admin-form__row">{OPTIONAL_LINES.map((line) => figure(line))}</div>
        {figure('total', t('admin.bills.fields.totalHint'))}
        <FormFooter
          error={formState.errors.root?.message}
          submitLabel={save.isPending ? t('admin.common.saving') : t('admin.common.save')}
          pending={save.isPending}
          disabled={points.length === 0}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
