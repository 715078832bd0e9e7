import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ErrorState, LoadingState } from '@/components/QueryStates';
import { useAdminDemand } from '../api/demand-get';
import { useUpdateDemand } from '../api/demand-update';
import {
  demandFormSchema,
  demandToForm,
  toDemandUpdate,
  type DemandFormValues,
} from '../model/demand-form';
import { FormField } from '@/components/ui/FormField';
import { formatNumber } from '@/lib/format';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';

const EMPTY: DemandFormValues = {
  targetPercent: '95',
  autoShed: false,
  minOffMinutes: '5',
  maxOffMinutes: '30',
  restoreMarginPercent: '5',
  demandMailReceiverIds: [],
};

type TextField = Exclude<keyof DemandFormValues, 'autoShed' | 'demandMailReceiverIds'>;

/** Demand: target, automatic shedding, off times, restore margin, who gets the warning by mail. */
export function DemandSection() {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const query = useAdminDemand();
  const update = useUpdateDemand();
  const { register, control, handleSubmit, formState, reset, setError } = useForm<
    DemandFormValues,
    unknown,
    ReturnType<typeof demandFormSchema.parse>
  >({ resolver: zodResolver(demandFormSchema), defaultValues: EMPTY });
  const saved = query.data?.settings;
  useEffect(() => {
    if (saved) reset(demandToForm(saved));
  }, [saved, reset]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(toDemandUpdate(values), {
      onSuccess: () => toast.success(t('demand.admin.saved')),
      onError: (error) => setError('root', { message: texts.error(error) }),
    }),
  );
  const field = (name: TextField, label: string, hint?: string) => (
    <FormField label={label} message={texts.field(formState.errors[name]?.message)} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="wb-input"
          inputMode="decimal"
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(name)}
        />
      )}
    </FormField>
  );

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const { demand, receivers } = query.data;
  const kw = (value: number) => formatNumber(value, i18n.language, 1);
  const predicted = demand.prediction?.predictedKw;
  return (
    <div className="wb-admin-panel">
      <h2 className="wb-admin-panel__title">{t('demand.title')}</h2>
      <p className="wb-admin__hint">{t('demand.admin.intro')}</p>
      {demand.contractCapacityKw === null || demand.targetKw === null ? (
        <p className="wb-field__error">{t('demand.admin.noCapacity')}</p>
      ) : (
        <p data-testid="admin-demand-status">
          {t('demand.admin.status')}:{' '}
          {predicted === undefined
            ? t('demand.noPrediction')
            : t('demand.predicted', {
                predicted: kw(predicted),
                target: kw(demand.targetKw),
              })}
        </p>
      )}
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="wb-admin-form__row">
          {field(
            'targetPercent',
            t('demand.admin.targetPercent'),
            demand.contractCapacityKw !== null && demand.targetKw !== null
              ? t('demand.admin.targetHint', {
                  capacity: kw(demand.contractCapacityKw),
                  target: kw(demand.targetKw),
                })
              : undefined,
          )}
          {field('restoreMarginPercent', t('demand.admin.margin'), t('demand.admin.marginHint'))}
        </div>
        <div className="wb-admin-form__row">
          {field('minOffMinutes', t('demand.admin.minOff'))}
          {field('maxOffMinutes', t('demand.admin.maxOff'))}
        </div>
        <label className="wb-admin-check">
          <input type="checkbox" {...register('autoShed')} /> {t('demand.admin.autoShed')}
        </label>
        <fieldset>
          <legend>{t('demand.admin.receivers')}</legend>
          {receivers.length === 0 && (
            <p className="wb-admin__hint">{t('demand.admin.noReceivers')}</p>
          )}
          <Controller
            control={control}
            name="demandMailReceiverIds"
            render={({ field: chosen }) => (
              <>
                {receivers.map((receiver) =>
                  receiver.id === undefined ? null : (
                    <label key={receiver.id} className="wb-admin-check">
                      <input
                        type="checkbox"
                        checked={chosen.value.includes(receiver.id)}
                        onChange={(event) =>
                          chosen.onChange(
                            event.target.checked
                              ? [...chosen.value, receiver.id]
                              : chosen.value.filter((id) => id !== receiver.id),
                          )
                        }
                      />{' '}
                      {receiver.receiverName} &lt;{receiver.email}&gt;
                    </label>
                  ),
                )}
              </>
            )}
          />
        </fieldset>
        <FormFooter
          error={formState.errors.root?.message}
          submitLabel={update.isPending ? t('admin.common.saving') : t('admin.common.save')}
          pending={update.isPending}
          disabled={!formState.isDirty}
        />
      </form>
    </div>
  );
}
