import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NodeFormValues } from '../model/node-form';
import { FormField } from '@/components/ui/FormField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';

const WIRINGS = ['a,b,c', 'ab,bc,ca', 'l1,l2', 'value'] as const;

interface NodeFieldsProps {
  register: UseFormRegister<NodeFormValues>;
  errors: FieldErrors<NodeFormValues>;
  /** Serial and wiring are chosen when adding a meter or circuit, fixed afterwards. */
  withIdentity: boolean;
  /** Breaker, frequency and reverse energy belong to meters and circuits. */
  measured: boolean;
  /** The node's own capacity (demand prediction, issue #15): set when editing. */
  withCapacity?: boolean;
}

/** The node form's fields shared by Add and Edit. */
export function NodeFields({
  register,
  errors,
  withIdentity,
  measured,
  withCapacity = false,
}: NodeFieldsProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const input = (
    field: keyof NodeFormValues,
    label: string,
    extra: { type?: string; inputMode?: 'decimal'; hint?: string; lang?: string } = {},
  ) => (
    <FormField label={label} message={texts.field(errors[field]?.message)} hint={extra.hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="wb-input"
          type={extra.type ?? 'text'}
          inputMode={extra.inputMode}
          lang={extra.lang}
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(field)}
        />
      )}
    </FormField>
  );
  return (
    <>
      <div className="wb-admin-form__row">
        {input('name', t('admin.points.fields.name'))}
        {input('chName', t('admin.points.fields.chName'), { lang: 'zh-TW' })}
      </div>
      {withIdentity && measured && (
        <div className="wb-admin-form__row">
          {input('serial', t('admin.points.fields.serial'), {
            hint: t('admin.points.fields.serialHint'),
          })}
          <FormField
            label={t('admin.points.fields.wiring')}
            message={texts.field(errors.wiring?.message)}
          >
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                className="wb-select"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...register('wiring')}
              >
                {WIRINGS.map((w) => (
                  <option key={w} value={w}>
                    {t(`admin.points.wiring.${w.replace(/,/g, '_')}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      )}
      {measured && (
        <>
          <div className="wb-admin-form__row">
            {input('breakerType', t('admin.points.fields.breakerType'))}
            {input('frequencyHz', t('admin.points.fields.frequencyHz'), { inputMode: 'decimal' })}
          </div>
          <label className="wb-admin-check">
            <input type="checkbox" {...register('hasReverseKwh')} />
            {t('admin.points.fields.hasReverseKwh')}
          </label>
        </>
      )}
      {withCapacity && (
        <div className="wb-admin-form__row">
          {input('capacityKw', t('admin.points.fields.capacityKw'), {
            inputMode: 'decimal',
            hint: t('admin.points.fields.capacityHint'),
          })}
        </div>
      )}
    </>
  );
}
