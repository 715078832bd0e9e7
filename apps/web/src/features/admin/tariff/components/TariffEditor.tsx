import { useCallback, useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Spinner } from '@/components/Spinner';
import { ApiError } from '@/lib/api-errors';
import { useUpdateTariff } from '../api/tariff-update';
import type { TaipowerTariff } from '@wattboard/contract';
import {
  catalogToForm,
  formToTariff,
  serverTariffErrors,
  validateTariffForm,
} from '../model/tariff-form';
import type { DayForm, TariffErrors, TariffFormValues } from '../model/tariff-form';
import { FormField } from '@/components/ui/FormField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { flatDays } from '../model/account-form';
import { TariffAccountFields } from './TariffAccountFields';
import { TariffCatalogPicker } from './TariffCatalogPicker';
import { TariffContractFields } from './TariffContractFields';
import { TariffDayFields } from './TariffDayFields';
import { TariffSeasonFields } from './TariffSeasonFields';
import { useTariffFieldText } from './use-tariff-texts';

type TextField =
  | 'validFrom'
  | 'name'
  | 'nameZh'
  | 'source'
  | 'sourceZh'
  | 'sourceValidFrom'
  | 'note'
  | 'penaltyTierPercent'
  | 'penaltyTier1Multiplier'
  | 'penaltyTier2Multiplier';

interface TariffEditorProps {
  initial: TariffFormValues;
  /** The further billing point the version is for; null: the factory's tariff. */
  nodeId: number | null;
  onDone: () => void;
}

/**
 * A new tariff version valid from a day. The contract's checks run before
 * sending (each message at its field); a refusal by the server lands the same
 * way, by the field path its message names.
 */
export function TariffEditor({ initial, nodeId, onDone }: TariffEditorProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const fieldText = useTariffFieldText();
  const update = useUpdateTariff();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<TariffErrors>({});
  // The Taipower table the form was last filled from (its source and mark stay in view).
  const [chosen, setChosen] = useState<TaipowerTariff | null>(null);
  // Each edit copies only what it changes, so the days' fieldsets (memoised) that did not change
  // skip rendering: the whole editor holds some 40 selects of 96 times each.
  const edit = (change: (current: TariffFormValues) => Partial<TariffFormValues>) =>
    setValues((current) => ({ ...current, ...change(current) }));
  const editDay = useCallback(
    (index: number, change: (day: DayForm) => void) =>
      setValues((current) => {
        const day = structuredClone(current.days[index]);
        if (!day) return current;
        change(day);
        return { ...current, days: current.days.map((d, i) => (i === index ? day : d)) };
      }),
    [],
  );

  const submit = () => {
    const found = validateTariffForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      {
        ...(nodeId === null ? {} : { nodeId }),
        validFrom: values.validFrom.trim(),
        tariff: formToTariff(values),
      },
      {
        onSuccess: () => {
          toast.success(t('cost.tariff.saved', { date: values.validFrom.trim() }));
          onDone();
        },
        onError: (error) =>
          setErrors(
            error instanceof ApiError && error.httpStatus === 400
              ? serverTariffErrors(error.message)
              : { '': texts.error(error) },
          ),
      },
    );
  };

  const text = (name: TextField, label: string, hint?: string, type = 'text'): ReactElement => (
    <FormField label={label} message={fieldText(errors[name])} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={type}
          className="wb-input"
          autoComplete="off"
          inputMode={name.startsWith('penalty') ? 'decimal' : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          value={values[name]}
          onChange={(event) => {
            const value = event.target.value;
            edit(() => ({ [name]: value }));
          }}
        />
      )}
    </FormField>
  );
  const count = Object.keys(errors).length;
  const formMessage = errors[''] ?? (count > 0 ? t('cost.tariff.invalid') : null);

  return (
    <form
      className="wb-admin-form wb-tariff-editor"
      noValidate
      aria-label={t('cost.tariff.editTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 className="wb-tariff__subtitle">{t('cost.tariff.editTitle')}</h3>
      <TariffCatalogPicker
        chosen={chosen}
        onPick={(entry) => {
          setChosen(entry);
          setValues((current) => catalogToForm(entry, current));
          setErrors({});
        }}
      />
      <div className="wb-admin-form__row">
        {text('validFrom', t('cost.tariff.validFrom'), t('cost.tariff.validFromHint'), 'date')}
        {text('sourceValidFrom', t('cost.tariff.sourceValidFrom'), undefined, 'date')}
      </div>
      <div className="wb-admin-form__row">
        {text('name', t('cost.tariff.name'))}
        {text('nameZh', t('cost.tariff.nameZh'))}
      </div>
      <div className="wb-admin-form__row">
        {text('source', t('cost.tariff.source'))}
        {text('sourceZh', t('cost.tariff.sourceZh'))}
      </div>
      {text('note', t('cost.tariff.note'))}
      <TariffSeasonFields
        seasons={values.seasons}
        errors={errors}
        onChange={(index, change) =>
          edit((current) => ({
            seasons: current.seasons.map((row, i) => (i === index ? { ...row, ...change } : row)),
          }))
        }
      />
      {values.days.map((day, index) => (
        <TariffDayFields
          key={`${day.season}/${day.dayType}`}
          index={index}
          day={day}
          errors={errors}
          onDay={editDay}
        />
      ))}
      <fieldset className="wb-tariff-group">
        <legend className="wb-tariff-day__legend">{t('cost.tariff.basic')}</legend>
        <div className="wb-admin-form__row">
          {(['summer', 'nonSummer'] as const).map((season) => (
            <FormField
              key={season}
              label={t('cost.tariff.basicSeason', { season: t(`cost.seasons.${season}`) })}
              message={fieldText(errors[`basicChargePerKw.${season}`])}
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  className="wb-input"
                  inputMode="decimal"
                  autoComplete="off"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  value={values.basicChargePerKw[season]}
                  onChange={(event) => {
                    const value = event.target.value;
                    edit((current) => ({
                      basicChargePerKw: { ...current.basicChargePerKw, [season]: value },
                    }));
                  }}
                />
              )}
            </FormField>
          ))}
        </div>
      </fieldset>
      <TariffContractFields
        stages={values.stages}
        rates={values.contractBasicRates}
        errors={errors}
        onStages={(stages) => edit(() => ({ stages }))}
        onRate={(season, type, value) =>
          edit((current) => ({
            contractBasicRates: {
              ...current.contractBasicRates,
              [season]: { ...current.contractBasicRates[season], [type]: value },
            },
          }))
        }
      />
      <TariffAccountFields
        values={values}
        errors={errors}
        onChange={(change) => edit(() => change)}
        // Without time of use every day is one all-day range, held as two-stage (the contract's rule).
        onTimeOfUse={(timeOfUse) =>
          edit((current) =>
            timeOfUse
              ? { timeOfUse }
              : { timeOfUse, stages: 'twoStage', days: flatDays(current.days) },
          )
        }
      />
      <fieldset className="wb-tariff-group">
        <legend className="wb-tariff-day__legend">{t('cost.tariff.penalty')}</legend>
        <div className="wb-admin-form__row">
          {text('penaltyTierPercent', t('cost.tariff.penaltyFraction'))}
          {text('penaltyTier1Multiplier', t('cost.tariff.tier1'))}
          {text('penaltyTier2Multiplier', t('cost.tariff.tier2'))}
        </div>
      </fieldset>
      <p className="wb-field__error" role="alert" data-testid="tariff-form-error">
        {formMessage}
      </p>
      <div className="wb-admin__actions">
        <button type="button" className="wb-button wb-button--secondary" onClick={onDone}>
          {t('admin.common.cancel')}
        </button>
        <button type="submit" className="wb-button wb-button--primary" disabled={update.isPending}>
          {update.isPending && <Spinner size="sm" />}
          {update.isPending ? t('admin.common.saving') : t('admin.common.save')}
        </button>
      </div>
    </form>
  );
}
