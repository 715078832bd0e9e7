import { Suspense, lazy, useState } from 'react';
import type { AdminGateway, AdminGatewayCreateResponse } from '@wattboard/contract';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { formatNumber } from '@/lib/format';
import { useAdminGateways } from '../api/gateway-list';
import { useRevokeGateway } from '../api/gateway-revoke';
import { ConfirmDialog } from '@/features/admin/shared/components/ConfirmDialog';
import { CopyField } from '@/features/admin/shared/components/CopyField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { CreateGatewayDialog } from './CreateGatewayDialog';
import { GatewayKeyDialog } from './GatewayKeyDialog';
import { GatewayMetersDialog } from './GatewayMetersDialog';
import { GatewaysTable } from './GatewaysTable';

// The Templates editor (decision 0088) is used rarely and is large: its own chunk.
const TemplatesSection = lazy(async () => ({
  default: (await import('./TemplatesSection')).TemplatesSection,
}));

/** Gateways: the list, create (key shown once with the command to paste), their meters, revoke. */
export function GatewaysSection() {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const gateways = useAdminGateways();
  const revoke = useRevokeGateway();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<AdminGatewayCreateResponse | null>(null);
  const [revoking, setRevoking] = useState<AdminGateway | null>(null);
  const [metersOf, setMetersOf] = useState<AdminGateway | null>(null);

  const confirmRevoke = () =>
    revoking &&
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(t('admin.gateways.revoked', { name: revoking.name }));
        setRevoking(null);
      },
      onError: (error) => toast.error(texts.error(error)),
    });

  return (
    <div className="wb-admin-panel">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.gateways.title')}</h2>
        <button
          type="button"
          className="wb-button wb-button--primary"
          onClick={() => setCreating(true)}
        >
          <Plus size={16} aria-hidden="true" />
          {t('admin.gateways.create')}
        </button>
      </div>
      {gateways.isPending ? (
        <LoadingState />
      ) : gateways.isError ? (
        <ErrorState onRetry={() => void gateways.refetch()} />
      ) : (
        <>
          <p data-testid="admin-readings-today">
            {t('admin.gateways.readingsToday', {
              count: gateways.data.readingsToday,
              formatted: formatNumber(gateways.data.readingsToday, i18n.language, 0),
            })}
          </p>
          {gateways.data.gateways.length === 0 ? (
            <EmptyState text={t('admin.gateways.empty')} />
          ) : (
            <GatewaysTable
              gateways={gateways.data.gateways}
              onRevoke={setRevoking}
              onMeters={setMetersOf}
            />
          )}
          <h3 className="wb-admin-panel__subtitle">{t('admin.gateways.howTo')}</h3>
          <p className="wb-admin__hint">{t('admin.gateways.howToText')}</p>
          <CopyField
            label={t('admin.gateways.httpCommand')}
            value={gateways.data.instructions.httpCommand}
            multiline
          />
          <CopyField
            label={t('admin.gateways.mqttTopic')}
            value={gateways.data.instructions.mqttTopic}
          />
        </>
      )}
      <Suspense fallback={<LoadingState />}>
        <TemplatesSection />
      </Suspense>
      <CreateGatewayDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(answer) => {
          setCreating(false);
          setCreated(answer);
        }}
      />
      <GatewayKeyDialog created={created} onClose={() => setCreated(null)} />
      <GatewayMetersDialog gateway={metersOf} onClose={() => setMetersOf(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('admin.gateways.revokeTitle', { name: revoking?.name ?? '' })}
        text={t('admin.gateways.revokeText')}
        confirmLabel={t('admin.gateways.revoke')}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </div>
  );
}
