import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import {
  gatewayConfigResponse,
  type GatewayConfigResponse,
} from '@wattboard/contract/gateway-config';

/**
 * The last configuration the server sent, on disk, so the gateway starts polling when the server
 * cannot be reached (a restart during an outage). Written to a temporary file and renamed over the
 * old one: a crash mid-write leaves the previous good file, never half of one.
 */
export function readCachedConfig(file: string): GatewayConfigResponse | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = gatewayConfigResponse.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    // Not JSON (a disk fault): as if there were none; the next good pull rewrites it.
    return null;
  }
}

export function writeCachedConfig(file: string, config: GatewayConfigResponse): void {
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`);
  renameSync(temporary, file);
}
