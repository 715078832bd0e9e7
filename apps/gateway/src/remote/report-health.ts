import {
  GATEWAY_HEALTH_PATH,
  gatewayHealthResponse,
  type GatewayBusTiming,
  type GatewayMeterHealth,
} from '@wattboard/contract/gateway-config';
import { clockOffsetMs } from '../health/meter-health.ts';

/**
 * Sends the meters' health (POST /v1/Gateway/Health with the key) and answers this gateway's clock
 * offset from the server's time in the reply: gateway minus server, in ms. The offset measured now
 * goes with the next report, so the server always gets a measured figure, never a guess.
 */
export async function reportHealth(options: {
  serverUrl: string;
  gatewayKey: string;
  timeoutMs: number;
  clockOffsetMs: number | null;
  meters: GatewayMeterHealth[];
  buses: GatewayBusTiming[];
}): Promise<{ clockOffsetMs: number; stored: number }> {
  const url = new URL(GATEWAY_HEALTH_PATH.slice(1), `${options.serverUrl.replace(/\/+$/, '')}/`);
  const sentAt = Date.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.gatewayKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      sentAt: new Date(sentAt).toISOString(),
      clockOffsetMs: options.clockOffsetMs,
      meters: options.meters,
      buses: options.buses,
    }),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  const receivedAt = Date.now();
  if (response.status !== 200) {
    throw new Error(`the server answered HTTP ${response.status} for ${url.pathname}`);
  }
  const parsed = gatewayHealthResponse.safeParse(await response.json());
  const serverTime = parsed.success ? Date.parse(parsed.data.serverTime) : NaN;
  if (!parsed.success || Number.isNaN(serverTime)) {
    throw new Error(`the server's health answer does not parse`);
  }
  return {
    clockOffsetMs: clockOffsetMs(sentAt, receivedAt, serverTime),
    stored: parsed.data.stored,
  };
}
