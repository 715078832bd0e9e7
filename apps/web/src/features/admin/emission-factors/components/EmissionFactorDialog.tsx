import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMISSION_FACTOR_YEAR_MAX,
  EMISSION_FACTOR_YEAR_MIN,
  type EmissionFactorEntry,
} from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { FormField } from '@/components/ui/FormField';
import { formatNumber } from '@/lib/format';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useSaveEmissionFactor } from '../api/emission-factor-save';
import {
  YEAR_RANGE_MESSAGE,
  blankEmissionFactor,
  emissionFactorFormSchema,
  entryOfYear,
  entryToForm,
  toEmissionFactorSave,
  type EmissionFactorFormValues,
} from '../model/emission-factor-form';

interface EmissionFactorDialogProps {
  /** Open for a new year (`null`) or that year's entry; closed when undefined. */
  editing: EmissionFactorEntry | null | undefined;
  factors: readonly EmissionFactorEntry[];
  onClose: () => void;
  onSaved: (year: number) => void;
}

/** Adds a year's factor or changes one: year (fixed when changing), kg CO2e/kWh, source. */
export function EmissionFactorDialog({
  editing,
  factors,
  onClose,
  onSaved,
}: EmissionFactorDialogProps) {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const save = useSaveEmissionFactor();
  const open = editing !== undefined;
  const { register, handleSubmit, formState, reset, setError, watch } =
    useForm<EmissionFactorFormValues>({
      resolver: zodResolver(emissionFactorFormSchema),
      defaultValues: blankEmissionFactor,
    });
  useEffect(() => {
    if (open) reset(editing ? entryToForm(editing) : blankEmissionFactor);
  }, [open, editing, reset]);
  // Adding a year that has an entry replaces it: say so before it happens.
  const replaced = editing ? null : entryOfYear(factors, watch('year'));

  const onSubmit = handleSubmit((values) => {
    const request = toEmissionFactorSave(values);
    save.mutate(request, {
      onSuccess: () => onSaved(request.year),
      onError: (error) => setError('root', { message: texts.error(error) }),
    });
  });
  const errors = formState.errors;
  const yearMessage =
    errors.year?.message === YEAR_RANGE_MESSAGE
      ? t('admin.emissionFactors.yearRange', {
          min: EMISSION_FACTOR_YEAR_MIN,
          max: EMISSION_FACTOR_YEAR_MAX,
        })
      : texts.field(errors.year?.message);
  const input = (name: keyof EmissionFactorFormValues, label: string, hint?: string) => (
    <FormField
      label={label}
      message={name === 'year' ? yearMessage : texts.field(errors[name]?.message)}
      hint={hint}
    >
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="wb-input"
          inputMode={name === 'year' ? 'numeric' : name === 'kgPerKwh' ? 'decimal' : undefined}
          autoComplete="off"
          readOnly={name === 'year' && Boolean(editing)}
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
        editing
          ? t('admin.emissionFactors.editTitle', { year: editing.year })
          : t('admin.emissionFactors.addTitle')
      }
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="wb-admin-form__row">
          {input(
            'year',
            t('admin.emissionFactors.year'),
            replaced
              ? t('admin.emissionFactors.replaces', {
                  year: replaced.year,
                  factor: formatNumber(replaced.kgPerKwh, i18n.language, 4),
                })
              : undefined,
          )}
          {input('kgPerKwh', t('admin.emissionFactors.factor'))}
        </div>
        {input('source', t('admin.emissionFactors.source'), t('admin.emissionFactors.sourceHint'))}
        {input('sourceZh', t('admin.emissionFactors.sourceZh'))}
        <FormFooter
          error={errors.root?.message}
          submitLabel={save.isPending ? t('admin.common.saving') : t('admin.common.save')}
          pending={save.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
