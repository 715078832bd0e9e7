import type { AdminGatewayMeter, AdminGatewayMeterListResponse } from '@wattboard/contract';
import { GATEWAY_CLOCK_WARN_MS } from '@wattboard/contract/gateway-config';
import { useTranslation } from 'react-i18next';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import './gateway-health.css';

type GatewayHealthData = NonNullable<AdminGatewayMeterListResponse['gatewayHealth']>;

/**
 * The gateway reports with every config pull, every 30 s: a report older than four of those
 * means the gateway stopped, lost its network or its key, and the figures shown are from then.
 */
export const GATEWAY_HEALTH_STALE_MS = 120_000;

/** Whole minutes since a report when it is stale, else null. */
export function staleReportMinutes(reportedAt: string, now: number): number | null {
  const age = now - Date.parse(reportedAt);
  return age > GATEWAY_HEALTH_STALE_MS ? Math.floor(age / 60_000) : null;
}

/**
 * The gateway's last health report (issue #25): when it came, how far the PC's clock is from the
 * server's (a warning beyond GATEWAY_CLOCK_WARN_MS: readings are stamped with that clock) and each
 * bus's timing as the gateway runs it.
 */
export function GatewayHealthSummary({ health }: { health: GatewayHealthData | null | undefined }) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  if (!health) return <p className="wb-admin__hint">{t('admin.gatewayHealth.noReport')}</p>;
  const offset = health.clockOffsetMs;
  const off = offset !== null && Math.abs(offset) > GATEWAY_CLOCK_WARN_MS;
  const staleMinutes = staleReportMinutes(health.reportedAt, Date.now());
  return (
    <div className="wb-admin__hint" data-testid="admin-gateway-health">
      <p>{t('admin.gatewayHealth.reportedAt', { at: factoryDateTime(health.reportedAt, zone) })}</p>
      {staleMinutes !== null && (
        <p role="alert" className="wb-gateway-health__clock-off">
          {t('admin.gatewayHealth.stale', { count: staleMinutes })}
        </p>
      )}
      <p
        role={off ? 'alert' : undefined}
        className={off ? 'wb-gateway-health__clock-off' : undefined}
      >
        {offset === null
          ? t('admin.gatewayHealth.clockUnknown')
          : t(off ? 'admin.gatewayHealth.clockOff' : 'admin.gatewayHealth.clock', {
              seconds: (offset / 1000).toFixed(1),
            })}
      </p>
      {health.buses.length > 0 && (
        <ul className="wb-gateway-health__error">
          {health.buses.map((b) => (
            <li key={b.id}>
              {t('admin.gatewayHealth.bus', {
                id: b.id,
                count: b.meters,
                timeoutMs: b.timeoutMs,
                retries: b.retries,
                gapMs: b.gapMs,
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One meter's health in its row: last good poll, errors by kind, last error. */
export function MeterHealthCell({ health }: { health: AdminGatewayMeter['health'] }) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  if (!health) return <>{t('admin.gatewayHealth.noReport')}</>;
  const e = health.errors;
  const exceptions = Object.entries(e.exception).map(([code, n]) =>
    t('admin.gatewayHealth.exception', { code, count: n }),
  );
  const counts = [
    e.timeout > 0 && t('admin.gatewayHealth.timeouts', { count: e.timeout }),
    e.crc > 0 && t('admin.gatewayHealth.crc', { count: e.crc }),
    e.connection > 0 && t('admin.gatewayHealth.connection', { count: e.connection }),
    ...exceptions,
  ].filter(Boolean);
  return (
    <div data-testid="admin-gateway-meter-health">
      <div>
        {health.lastGoodAt
          ? t('admin.gatewayHealth.lastGood', { at: factoryDateTime(health.lastGoodAt, zone) })
          : t('admin.gatewayHealth.neverGood')}
      </div>
      {/* The gateway counts since it started (or the meter was last changed), not per report. */}
      <div>
        {counts.length > 0
          ? t('admin.gatewayHealth.sinceStart', { counts: counts.join(' · ') })
          : t('admin.gatewayHealth.noErrors')}
      </div>
      {health.lastError && (
        <div className="wb-admin__hint wb-gateway-health__error">
          {t('admin.gatewayHealth.lastError', {
            at: health.lastErrorAt ? factoryDateTime(health.lastErrorAt, zone) : '',
            message: health.lastError,
          })}
        </div>
      )}
    </div>
  );
}
