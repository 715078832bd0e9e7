import {
  GATEWAY_CONFIG_PATH,
  gatewayConfigResponse,
  type GatewayConfigResponse,
} from '@wattboard/contract/gateway-config';

export type PullResult =
  { status: 'unchanged' } | { status: 'changed'; config: GatewayConfigResponse };

/**
 * Asks the server for this gateway's meters (GET /v1/Gateway/Config with the key). `version` is
 * the one the gateway runs: sent as If-None-Match, an unchanged configuration answers 304 and no
 * body. Anything but 200 or 304 throws with a message saying what to do.
 */
export async function pullConfig(options: {
  serverUrl: string;
  gatewayKey: string;
  version: string | undefined;
  timeoutMs: number;
}): Promise<PullResult> {
  const url = new URL(GATEWAY_CONFIG_PATH.slice(1), `${options.serverUrl.replace(/\/+$/, '')}/`);
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${options.gatewayKey}`,
      ...(options.version ? { 'if-none-match': `"${options.version}"` } : {}),
    },
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (response.status === 304) return { status: 'unchanged' };
  if (response.status === 401) {
    throw new Error('the server refused the gateway key (unknown or revoked): check gatewayKey');
  }
  if (response.status !== 200) {
    throw new Error(`the server answered HTTP ${response.status} for ${url.pathname}`);
  }
  const parsed = gatewayConfigResponse.safeParse(await response.json());
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`the server's configuration does not parse: ${problems.join('; ')}`);
  }
  return { status: 'changed', config: parsed.data };
}
