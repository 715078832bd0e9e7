import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminBillingPoint } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/Dialog';
import { FormField } from '@/components/ui/FormField';
import type { TreeRow } from '@/features/admin/shared/model/node-tree';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useSaveBillingPoint } from '../api/billing-point-save';
import {
  billingPointFormSchema,
  billingPointToForm,
  emptyBillingPointForm,
  OTHER_CONTRACT_TYPES,
  toBillingPointSave,
} from '../model/billing-point-form';
import type { BillingPointFormValues } from '../model/billing-point-form';
import { pointName } from '../model/point-name';
import { ContractHistory } from './ContractHistory';

interface BillingPointDialogProps {
  open: boolean;
  /** The point being changed; null adds one chosen from `choices`. */
  point: AdminBillingPoint | null;
  choices: TreeRow[];
  onClose: () => void;
}

/** Adds a billing point (monitoring point, capacities, reading day, account) or changes one's terms. */
export function BillingPointDialog({ open, point, choices, onClose }: BillingPointDialogProps) {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const save = useSaveBillingPoint();
  const { register, handleSubmit, formState, reset, setError } = useForm<BillingPointFormValues>({
    resolver: zodResolver(billingPointFormSchema),
    defaultValues: emptyBillingPointForm(),
  });
  const firstChoice = choices[0]?.node.id;
  useEffect(() => {
    if (!open) return;
    reset(point ? billingPointToForm(point) : emptyBillingPointForm(String(firstChoice ?? '')));
  }, [open, point, firstChoice, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(toBillingPointSave(values), {
      onSuccess: () => {
        toast.success(t('admin.billing.saved'));
        onClose();
      },
      onError: (error) => setError('root', { message: texts.error(error) }),
    }),
  );
  const noChoice = point === null && choices.length === 0;
  const field = (
    name: Exclude<keyof BillingPointFormValues, 'nodeId' | 'otherContractsKw'>,
    label: string,
    hint: string,
    numeric: boolean,
    type?: 'date',
  ) => (
    <FormField label={label} message={texts.field(formState.errors[name]?.message)} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={type}
          className="wb-input"
          inputMode={numeric ? 'decimal' : undefined}
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(name)}
        />
      )}
    </FormField>
  );

  return (
    <Dialog
      open={open}
      title={
        point
          ? t('admin.billing.editTitle', { name: pointName(point, i18n.language) })
          : t('admin.billing.addTitle')
      }
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      {noChoice ? (
        // Nothing to add: say why, rather than show a form with an empty list and a Save that is off.
        <div className="wb-admin-form">
          <p className="wb-admin__hint" data-testid="billing-no-choices">
            {t('admin.billing.noChoices')}
          </p>
          <div className="wb-admin__actions">
            <button type="button" className="wb-button wb-button--secondary" onClick={onClose}>
              {t('admin.common.close')}
            </button>
          </div>
        </div>
      ) : (
        <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
          {point === null && (
            <FormField
              label={t('admin.billing.fields.point')}
              message={texts.field(formState.errors.nodeId?.message)}
            >
              {({ id, describedBy }) => (
                <select
                  id={id}
                  className="wb-select"
                  aria-describedby={describedBy}
                  {...register('nodeId')}
                >
                  {choices.map(({ node, depth }) => (
                    <option key={node.id} value={String(node.id)}>
                      {/* Indented as in the tree, so a point is told apart from its namesakes. */}
                      {'\u00a0\u00a0'.repeat(depth)}
                      {pointName(
                        { nodeId: node.id, chName: node.chName, name: node.name },
                        i18n.language,
                      )}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {field(
            'contractCapacityKw',
            t('admin.billing.fields.capacity'),
            point?.main ? t('admin.billing.mainCapacityHint') : t('admin.billing.capacityHint'),
            true,
          )}
          <fieldset className="wb-admin-billing__others">
            <legend>{t('admin.billing.others.legend')}</legend>
            <p className="wb-admin__hint">{t('admin.billing.others.hint')}</p>
            <div className="wb-admin-form__row">
              {OTHER_CONTRACT_TYPES.map((type) => (
                <FormField
                  key={type}
                  label={t(`admin.billing.others.${type}`)}
                  message={texts.field(formState.errors.otherContractsKw?.[type]?.message)}
                >
                  {({ id, describedBy, invalid }) => (
                    <input
                      id={id}
                      className="wb-input"
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0"
                      aria-describedby={describedBy}
                      aria-invalid={invalid || undefined}
                      {...register(`otherContractsKw.${type}`)}
                    />
                  )}
                </FormField>
              ))}
            </div>
          </fieldset>
          <div className="wb-admin-form__row">
            {field(
              'meterReadingDay',
              t('admin.billing.fields.readingDay'),
              t('admin.billing.readingDayHint'),
              true,
            )}
            {field(
              'accountNumber',
              t('admin.billing.fields.account'),
              t('admin.billing.accountHint'),
              false,
            )}
          </div>
          {/* A new point's first capacities hold for its whole history: no date to ask. */}
          {point !== null &&
            field(
              'appliesFrom',
              t('admin.billing.appliesFrom'),
              t('admin.billing.appliesFromHint'),
              false,
              'date',
            )}
          {point !== null && <ContractHistory history={point.contractHistory} />}
          <FormFooter
            error={formState.errors.root?.message}
            submitLabel={save.isPending ? t('admin.common.saving') : t('admin.common.save')}
            pending={save.isPending}
            onCancel={onClose}
          />
        </form>
      )}
    </Dialog>
  );
}
