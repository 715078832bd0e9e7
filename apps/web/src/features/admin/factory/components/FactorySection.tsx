import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ErrorState, LoadingState } from '@/components/QueryStates';
import { useAdminFactory } from '../api/factory-get';
import { useUpdateFactory } from '../api/factory-update';
import { factoryFormSchema, factoryToForm, toFactoryUpdate } from '../model/factory-form';
import type { FactoryFormValues } from '../model/factory-form';
import { FormField } from '@/components/ui/FormField';
import { JobProgress } from '@/features/admin/shared/components/JobProgress';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { TimeZoneField } from './TimeZoneField';
import { AnomalyFields } from './AnomalyFields';
import { WorkingHoursFields } from './WorkingHoursFields';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';
import { EmissionFactorsSection } from '@/features/admin/emission-factors/components/EmissionFactorsSection';
import { Scope2Section } from '@/features/admin/scope2/components/Scope2Section';

const EMPTY: FactoryFormValues = {
  name: '',
  nameZh: '',
  timeZone: '',
  co2Factor: '',
  contractCapacityKw: '',
};

/**
 * Factory: names, time zone (a change recomputes hourly and daily figures),
 * this year's CO2 factor, contract capacity, the anomaly events' rule, the
 * working hours;
 * below, the factors by year and the yearly Scope 2 report.
 */
export function FactorySection() {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const factory = useAdminFactory();
  const update = useUpdateFactory();
  const { register, control, handleSubmit, formState, reset, watch, setError } =
    useForm<FactoryFormValues>({
      resolver: zodResolver(factoryFormSchema),
      defaultValues: EMPTY,
    });
  const saved = factory.data?.factory;
  useEffect(() => {
    if (saved) reset(factoryToForm(saved));
  }, [saved, reset]);
  const zoneChanged = saved !== undefined && watch('timeZone') !== saved.timeZone;

  const onSubmit = handleSubmit((values) =>
    update.mutate(toFactoryUpdate(values), {
      onSuccess: (answer) =>
        toast.success(t(answer.job ? 'admin.factory.savedRecompute' : 'admin.factory.saved')),
      onError: (error) => setError('root', { message: texts.error(error) }),
    }),
  );
  const field = (name: keyof FactoryFormValues, label: string, hint?: string, numeric = false) => (
    <FormField label={label} message={texts.field(formState.errors[name]?.message)} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
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

  if (factory.isPending) return <LoadingState />;
  if (factory.isError) return <ErrorState onRetry={() => void factory.refetch()} />;
  return (
    <div className="wb-admin-panel">
      <h2 className="wb-admin-panel__title">{t('admin.factory.title')}</h2>
      <JobProgress kinds={['time-zone']} />
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="wb-admin-form__row">
          {field('name', t('admin.factory.name'))}
          {field('nameZh', t('admin.factory.nameZh'))}
        </div>
        <Controller
          control={control}
          name="timeZone"
          render={({ field: zone, fieldState }) => (
            <TimeZoneField
              value={zone.value}
              onChange={zone.onChange}
              message={texts.field(fieldState.error?.message)}
              hint={zoneChanged ? t('admin.factory.zoneEffect') : undefined}
            />
          )}
        />
        <div className="wb-admin-form__row">
          {field('co2Factor', t('admin.factory.co2Factor'), t('admin.factory.co2Hint'), true)}
          {field(
            'contractCapacityKw',
            t('admin.factory.capacity'),
            t('admin.factory.capacityHint'),
            true,
          )}
        </div>
        {saved?.anomalies && <AnomalyFields register={register} errors={formState.errors} />}
        {saved?.workingHours && (
          <WorkingHoursFields control={control} register={register} errors={formState.errors} />
        )}
        <FormFooter
          error={formState.errors.root?.message}
          submitLabel={update.isPending ? t('admin.common.saving') : t('admin.common.save')}
          pending={update.isPending}
          disabled={!formState.isDirty}
        />
      </form>
      <EmissionFactorsSection />
      <Scope2Section />
    </div>
  );
}
