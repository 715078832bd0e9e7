import { useState } from 'react';
import type { AdminTemplateReadNowResponse, TemplateDraft } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/FormField';
import { formatNumber } from '@/lib/format';
import { useAdminGateways } from '../api/gateway-list';
import { useReadNow } from '../api/template-read-now';
import { useTemplateMessage } from './use-template-message';

interface ReadNowPanelProps {
  /** The draft as the form holds it now, or null while the form has problems. */
  draft: () => TemplateDraft | null;
}

/** "Read now": a gateway reads a meter once with the draft; its decoded values, with units. */
export function ReadNowPanel({ draft }: ReadNowPanelProps) {
  const { t, i18n } = useTranslation();
  const message = useTemplateMessage();
  const gateways = (useAdminGateways().data?.gateways ?? []).filter((g) => g.revokedAt === null);
  const read = useReadNow();
  const [gatewayId, setGatewayId] = useState('');
  const [host, setHost] = useState('');
  const [port, setPort] = useState('502');
  const [unitId, setUnitId] = useState('1');
  const [answer, setAnswer] = useState<AdminTemplateReadNowResponse | null>(null);
  const chosen = gatewayId || String(gateways[0]?.id ?? '');

  const start = () => {
    const definition = draft();
    if (!definition || !chosen) return;
    setAnswer(null);
    read.mutate(
      {
        gatewayId: Number(chosen),
        meterId: null,
        transport: { kind: 'tcp', host: host.trim(), port: Number(port) },
        unitId: Number(unitId),
        definition,
      },
      { onSuccess: setAnswer },
    );
  };
  const field = (label: string, value: string, set: (v: string) => void, mode: 'text' | 'numeric') => (
    <FormField label={label} message={null}>
      {({ id }) => (
        <input id={id} className="wb-input" inputMode={mode} autoComplete="off" value={value} onChange={(e) => set(e.target.value)} />
      )}
    </FormField>
  ); // prettier-ignore

  return (
    <section className="wb-admin-panel" aria-labelledby="read-now-title">
      <h4 id="read-now-title">{t('admin.gatewayTemplates.readNow.title')}</h4>
      <p className="wb-admin__hint">{t('admin.gatewayTemplates.readNow.hint')}</p>
      <FormField label={t('admin.gatewayTemplates.readNow.gateway')} message={null}>
        {({ id }) => (
          <select
            id={id}
            className="wb-select"
            value={chosen}
            onChange={(e) => setGatewayId(e.target.value)}
          >
            {gateways.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {field(t('admin.gatewayTemplates.readNow.host'), host, setHost, 'text')}
      {field(t('admin.gatewayTemplates.readNow.port'), port, setPort, 'numeric')}
      {field(t('admin.gatewayTemplates.readNow.unitId'), unitId, setUnitId, 'numeric')}
      <button
        type="button"
        className="wb-button wb-button--secondary"
        disabled={read.isPending || !chosen}
        onClick={start}
      >
        {read.isPending
          ? t('admin.gatewayTemplates.readNow.reading')
          : t('admin.gatewayTemplates.readNow.button')}
      </button>
      {read.isError && <p role="alert">{message(read.error)}</p>}
      {answer && !answer.outcome.ok && (
        <p role="alert" data-testid="read-now-error">
          {t(`admin.gatewayTemplates.readNow.error.${answer.outcome.error.kind}`, {
            code: answer.outcome.error.code ?? '',
            message: answer.outcome.error.message,
          })}
        </p>
      )}
      {answer?.outcome.ok && (
        <dl className="wb-admin-figures" data-testid="read-now-values">
          {answer.values.map((v) => (
            <div key={v.quantity}>
              <dt>{t(`admin.gatewayTemplates.quantity.${v.quantity}`)}</dt>
              <dd>
                {formatNumber(v.value, i18n.language)} {v.unit === '1' ? '' : v.unit}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
