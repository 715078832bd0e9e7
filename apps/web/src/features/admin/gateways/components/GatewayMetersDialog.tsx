import { useState } from 'react';
import {
  GATEWAY_METER_MESSAGES,
  type AdminGateway,
  type AdminGatewayMeter,
} from '@wattboard/contract';
import type { GatewayTransport } from '@wattboard/contract/gateway-config';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/Dialog';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { ApiError } from '@/lib/api-errors';
import { useAdminNodes } from '@/features/admin/shared/api/node-list';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useGatewayMeters } from '../api/gateway-meter-list';
import { useRemoveGatewayMeter } from '../api/gateway-meter-remove';
import { useSaveGatewayMeter } from '../api/gateway-meter-save';
import { GatewayHealthSummary, MeterHealthCell } from './GatewayHealth';
import { GatewayMeterForm } from './GatewayMeterForm';

/** A gateway's meters: list, add, change, remove. The gateway follows within its pull (30 s). */
export function GatewayMetersDialog({
  gateway,
  onClose,
}: {
  gateway: AdminGateway | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const meters = useGatewayMeters(gateway?.id ?? null);
  const nodes = useAdminNodes();
  const save = useSaveGatewayMeter();
  const remove = useRemoveGatewayMeter();
  // 'new', a meter being edited, or null for the list.
  const [editing, setEditing] = useState<AdminGatewayMeter | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [saveError, setSaveError] = useState<string | undefined>();
  const zh = i18n.language.startsWith('zh');

  // The gateway-meter refusals in the page's language; others as every Admin call shows them.
  const errorText = (error: unknown) => {
    const id =
      error instanceof ApiError &&
      Object.entries(GATEWAY_METER_MESSAGES).find(([, text]) => text === error.message)?.[0];
    return id ? t(`admin.gatewayMeters.errors.${id}`) : texts.error(error);
  };
  const transportText = (tr: GatewayTransport) =>
    tr.kind === 'rtu'
      ? `${t('admin.gatewayMeters.kind.rtu')} ${tr.path} ${tr.baudRate} ${t(`admin.gatewayMeters.parity.${tr.parity}`)} ${tr.stopBits}`
      : `${t(`admin.gatewayMeters.kind.${tr.kind}`)} ${tr.host}:${tr.port}`;
  const close = () => {
    setEditing(null);
    setRemoving(null);
    setSaveError(undefined);
    onClose();
  };

  const body = () => {
    if (meters.isPending || nodes.isPending) return <LoadingState />;
    if (meters.isError || nodes.isError)
      return <ErrorState onRetry={() => void meters.refetch()} />;
    if (editing !== null && gateway) {
      return (
        <GatewayMeterForm
          gatewayId={gateway.id}
          meter={editing === 'new' ? null : editing}
          nodes={nodes.data}
          templates={meters.data.templates}
          pending={save.isPending}
          error={saveError}
          onCancel={() => setEditing(null)}
          onSave={(fields) =>
            save.mutate(fields, {
              onSuccess: (answer) => {
                toast.success(t('admin.gatewayMeters.saved', { serial: answer.meter.serial }));
                setEditing(null);
                setSaveError(undefined);
              },
              onError: (error) => setSaveError(errorText(error)),
            })
          }
        />
      );
    }
    const list = meters.data.meters;
    return (
      <>
        <p className="wb-admin__hint">{t('admin.gatewayMeters.followHint')}</p>
        <GatewayHealthSummary health={meters.data.gatewayHealth} />
        {list.length === 0 ? (
          <EmptyState text={t('admin.gatewayMeters.empty')} />
        ) : (
          <ResponsiveTable label={t('admin.gatewayMeters.title', { name: gateway?.name ?? '' })}>
            <table className="wb-table wb-admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.gatewayMeters.fields.point')}</th>
                  <th scope="col">{t('admin.gatewayMeters.fields.transport')}</th>
                  <th scope="col">{t('admin.gatewayMeters.fields.unitId')}</th>
                  <th scope="col">{t('admin.gatewayMeters.fields.template')}</th>
                  <th scope="col">{t('admin.gatewayMeters.fields.every')}</th>
                  <th scope="col">{t('admin.gatewayHealth.title')}</th>
                  <th scope="col">{t('admin.common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((m) => (
                  <tr key={m.id} data-testid="admin-gateway-meter-row">
                    <th scope="row">
                      {zh ? m.nodeChName : m.nodeName} ({m.serial})
                    </th>
                    <td>{transportText(m.transport)}</td>
                    <td>{m.unitId}</td>
                    <td>{m.template}</td>
                    <td>{t('admin.gatewayMeters.seconds', { count: m.pollIntervalMs / 1000 })}</td>
                    <td>
                      <MeterHealthCell health={m.health} />
                    </td>
                    <td className="wb-admin-table__actions">
                      {removing === m.id ? (
                        <>
                          <button
                            type="button"
                            className="wb-button wb-button--primary wb-admin__danger"
                            disabled={remove.isPending}
                            onClick={() =>
                              remove.mutate(
                                { gatewayId: m.gatewayId, meterId: m.id },
                                {
                                  onSuccess: () => setRemoving(null),
                                  onError: (error) => toast.error(errorText(error)),
                                },
                              )
                            }
                          >
                            {t('admin.gatewayMeters.confirmRemove')}
                          </button>
                          <button
                            type="button"
                            className="wb-button wb-button--secondary"
                            onClick={() => setRemoving(null)}
                          >
                            {t('admin.common.cancel')}
                          </button>
                        </>
                      ) : (
                        <>
                          <button
                            type="button"
                            className="wb-button wb-button--secondary"
                            onClick={() => setEditing(m)}
                          >
                            {t('admin.gatewayMeters.edit')}
                          </button>
                          <button
                            type="button"
                            className="wb-button wb-button--secondary"
                            onClick={() => setRemoving(m.id)}
                          >
                            {t('admin.gatewayMeters.remove')}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ResponsiveTable>
        )}
        <div className="wb-admin__actions">
          <button
            type="button"
            className="wb-button wb-button--primary"
            onClick={() => setEditing('new')}
          >
            <Plus size={16} aria-hidden="true" />
            {t('admin.gatewayMeters.add')}
          </button>
        </div>
      </>
    );
  };

  return (
    <Dialog
      open={gateway !== null}
      title={t('admin.gatewayMeters.title', { name: gateway?.name ?? '' })}
      closeLabel={t('admin.common.close')}
      onClose={close}
    >
      {body()}
    </Dialog>
  );
}
