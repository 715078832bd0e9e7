import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AuditFilters } from '../api/audit-list';
import { compactFilters } from '@/features/admin/shared/model/filters';
import { DateRangeFields } from '@/features/admin/shared/components/DateRangeFields';
import { FormField } from '@/components/ui/FormField';

/** Action groups the log writes (a dotted prefix matches all its verbs). */
export const AUDIT_ACTIONS = [
  'sign-in',
  'password',
  'user',
  'node',
  'gateway',
  'factory',
  'announcement',
  'mail',
  'alarm',
  'control',
] as const;

interface AuditFilterValues {
  auditAction: string;
  actor: string;
  from: string;
  to: string;
}
const NONE: AuditFilterValues = { auditAction: '', actor: '', from: '', to: '' };

/** Action, person and days; applied with Filter, emptied with Clear filters. */
export function AuditFiltersForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation();
  const { register, handleSubmit, reset, watch } = useForm<AuditFilterValues>({
    defaultValues: NONE,
  });
  const [from, to] = watch(['from', 'to']);
  const inverted = from !== '' && to !== '' && to < from;
  const apply = handleSubmit((values) => {
    if (!inverted) onApply(compactFilters({ ...values }) as AuditFilters);
  });
  return (
    <form
      className="wb-admin-filters"
      noValidate
      onSubmit={(event) => void apply(event)}
      aria-label={t('admin.common.filter')}
    >
      <FormField label={t('admin.audit.action')} message={null}>
        {({ id }) => (
          <select id={id} className="wb-select" {...register('auditAction')}>
            <option value="">{t('admin.common.all')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`admin.audit.actions.${action}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('admin.audit.actor')} message={null}>
        {({ id }) => <input id={id} type="search" className="wb-input" {...register('actor')} />}
      </FormField>
      <DateRangeFields
        from={register('from')}
        to={register('to')}
        toMessage={inverted ? t('admin.validation.order') : null}
      />
      <button type="submit" className="wb-button wb-button--primary">
        {t('admin.common.filter')}
      </button>
      <button
        type="button"
        className="wb-button wb-button--secondary"
        onClick={() => {
          reset(NONE);
          onApply({});
        }}
      >
        {t('admin.common.clearFilters')}
      </button>
    </form>
  );
}
