import type { AdminGatewayMeter, AdminNode, MeterTemplateChoice } from '@wattboard/contract';
import {
  MODBUS_BAUD_RATES,
  MODBUS_PARITIES,
  type GatewayTransportKind,
} from '@wattboard/contract/gateway-config';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/FormField';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import type { GatewayMeterSaveFields } from '../api/gateway-meter-save';
import { checkMeterForm, meterFormValues, type MeterFormValues } from '../model/meter-form';

const KINDS: GatewayTransportKind[] = ['tcp', 'rtuOverTcp', 'rtu'];

interface GatewayMeterFormProps {
  gatewayId: number;
  meter: AdminGatewayMeter | null;
  nodes: AdminNode[];
  templates: MeterTemplateChoice[];
  pending: boolean;
  error: string | undefined;
  onSave: (fields: GatewayMeterSaveFields) => void;
  onCancel: () => void;
}

/** One meter's settings: where the gateway reaches it, its unit id, template, interval, point. */
export function GatewayMeterForm(props: GatewayMeterFormProps) {
  const { gatewayId, meter, nodes, templates, pending, error, onSave, onCancel } = props;
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const meterId = meter?.id ?? null;
  // The contract's Save schema checks the form (the server checks the same).
  const resolver: Resolver<MeterFormValues> = (values) => {
    const checked = checkMeterForm(values, gatewayId, meterId);
    if (checked.ok) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(checked.errors).map(([k, message]) => [k, { type: 'contract', message }]),
    );
    return { values: {}, errors };
  };
  const { register, handleSubmit, formState, watch } = useForm<MeterFormValues>({
    resolver,
    defaultValues: meterFormValues(meter, templates[0]?.id),
  });
  const kind = watch('kind');
  const zh = i18n.language.startsWith('zh');
  const onSubmit = handleSubmit((values) => {
    const checked = checkMeterForm(values, gatewayId, meterId);
    if (checked.ok) onSave(checked.request);
  });
  const field = (name: keyof MeterFormValues, label: string, hint?: string, type = 'text') => (
    <FormField label={label} message={texts.field(formState.errors[name]?.message)} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="wb-input"
          type={type}
          inputMode={type === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(name)}
        />
      )}
    </FormField>
  );
  const select = (name: keyof MeterFormValues, label: string, options: [string, string][]) => (
    <FormField label={label} message={texts.field(formState.errors[name]?.message)}>
      {({ id, describedBy }) => (
        <select id={id} className="wb-select" aria-describedby={describedBy} {...register(name)}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  const points = nodes.filter(
    (n) => n.type !== 'virtual' && n.retiredAt === null && n.serial !== null,
  );
  return (
    <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {select('nodeId', t('admin.gatewayMeters.fields.point'), [
        ['', t('admin.gatewayMeters.choosePoint')],
        ...points.map((n): [string, string] => [
          String(n.id),
          `${zh ? n.chName : n.name} (${n.serial})`,
        ]),
      ])}
      {select(
        'kind',
        t('admin.gatewayMeters.fields.transport'),
        KINDS.map((k) => [k, t(`admin.gatewayMeters.kind.${k}`)]),
      )}
      {kind === 'rtu' ? (
        <>
          {field('path', t('admin.gatewayMeters.fields.path'), t('admin.gatewayMeters.pathHint'))}
          <div className="wb-admin-form__row">
            {select(
              'baudRate',
              t('admin.gatewayMeters.fields.baudRate'),
              MODBUS_BAUD_RATES.map((b) => [String(b), String(b)]),
            )}
            {select(
              'parity',
              t('admin.gatewayMeters.fields.parity'),
              MODBUS_PARITIES.map((p) => [p, t(`admin.gatewayMeters.parity.${p}`)]),
            )}
            {select('stopBits', t('admin.gatewayMeters.fields.stopBits'), [
              ['1', '1'],
              ['2', '2'],
            ])}
          </div>
          <p className="wb-admin__hint">{t('admin.gatewayMeters.rtuHint')}</p>
        </>
      ) : (
        <div className="wb-admin-form__row">
          {field('host', t('admin.gatewayMeters.fields.host'), t('admin.gatewayMeters.hostHint'))}
          {field('port', t('admin.gatewayMeters.fields.port'), '1–65535', 'number')}
        </div>
      )}
      {kind === 'rtuOverTcp' && (
        <p className="wb-admin__hint">{t('admin.gatewayMeters.rtuOverTcpHint')}</p>
      )}
      <div className="wb-admin-form__row">
        {field(
          'unitId',
          t('admin.gatewayMeters.fields.unitId'),
          kind === 'tcp' ? '0–255' : '1–247',
          'number',
        )}
        {field(
          'pollSeconds',
          t('admin.gatewayMeters.fields.pollSeconds'),
          t('admin.gatewayMeters.pollHint'),
          'number',
        )}
      </div>
      {select(
        'template',
        t('admin.gatewayMeters.fields.template'),
        templates.map((tp) => [tp.id, `${tp.manufacturer} ${tp.model}`]),
      )}
      <FormFooter
        error={error}
        submitLabel={t('admin.gatewayMeters.save')}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
