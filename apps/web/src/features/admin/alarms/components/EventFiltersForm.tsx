import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAdminNodes } from '@/features/admin/shared/api/node-list';
import type { EventFilters } from '../api/event-list';
import { compactFilters } from '@/features/admin/shared/model/filters';
import { treeRows } from '@/features/admin/shared/model/node-tree';
import { DateRangeFields } from '@/features/admin/shared/components/DateRangeFields';
import { FormField } from '@/components/ui/FormField';

export const EVENT_TARGETS = [
  'voltage',
  'current',
  'power',
  'demand',
  'pf',
  'temperature',
  'frequency',
  'imbalance',
  'offline',
  'anomaly',
  'test',
] as const;

interface EventFilterValues {
  nodeId: string;
  target: string;
  state: string;
  from: string;
  to: string;
}
const NONE: EventFilterValues = { nodeId: '', target: '', state: '', from: '', to: '' };

/** Node, target, state and opened-between days; applied with Filter, emptied with Clear filters. */
export function EventFiltersForm({ onApply }: { onApply: (filters: EventFilters) => void }) {
  const { t, i18n } = useTranslation();
  const nodes = useAdminNodes();
  const { register, handleSubmit, reset, watch } = useForm<EventFilterValues>({
    defaultValues: NONE,
  });
  const [from, to] = watch(['from', 'to']);
  const inverted = from !== '' && to !== '' && to < from;
  const apply = handleSubmit((values) => {
    if (!inverted) onApply(compactFilters({ ...values }, ['nodeId']));
  });
  const select = (
    field: 'nodeId' | 'target' | 'state',
    label: string,
    options: [string, string][],
  ) => (
    <FormField label={label} message={null}>
      {({ id }) => (
        <select id={id} className="wb-select" {...register(field)}>
          <option value="">{t('admin.common.all')}</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  const zh = i18n.language.startsWith('zh');
  return (
    <form
      className="wb-admin-filters"
      noValidate
      onSubmit={(event) => void apply(event)}
      aria-label={t('admin.common.filter')}
    >
      {select(
        'nodeId',
        t('admin.alarms.node'),
        treeRows(nodes.data ?? [], { withRetired: true }).map(({ node }) => [
          String(node.id),
          zh ? node.chName : node.name,
        ]),
      )}
      {select(
        'target',
        t('admin.alarms.target'),
        EVENT_TARGETS.map((target) => [target, t(`admin.alarms.targets.${target}`)]),
      )}
      {select('state', t('admin.alarms.state'), [
        ['unresolved', t('admin.alarms.states.unresolved')],
        ['resolved', t('admin.alarms.states.resolved')],
      ])}
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
