import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTemplates } from '@wattboard/contract/meter-templates';
import { parseConfig } from '../../apps/gateway/src/config.ts';
import { createGateway, type Gateway } from '../../apps/gateway/src/gateway.ts';
import { fillZeros, templateImage } from '../../apps/gateway/test/helpers/images.ts';
import { startModbusServer } from '../../apps/gateway/test/helpers/modbus-server.ts';

/**
 * The real gateway (apps/gateway, in this process) and a real Modbus TCP meter (modbus-serial's
 * ServerTCP holding an SDM630's registers) for the end-to-end tests: the gateway is given only the
 * product's URL and its key, and pulls its meters from the server every second.
 */
export async function startModbusMeterAndGateway(serverUrl: string, gatewayKey: string) {
  const templates = loadTemplates();
  const sdm630 = templates.get('eastron-sdm630')!;
  const image = fillZeros(
    templateImage(sdm630, {
      voltage_l1: 230, voltage_l2: 231, voltage_l3: 232,
      current_l1: 10, current_l2: 11, current_l3: 12,
      kw_l1: 2000, kw_l2: 2500, kw_l3: 3000, kw_total: 7500,
      pf_l1: 0.875, pf_l2: 0.875, pf_l3: 0.875, frequency: 60,
      kwh_import: 5000.5, kwh_export: 0, kvarh_import: 100.25,
    }), 4, 18, 29,
  ); // prettier-ignore
  const modbus = await startModbusServer(new Map([[1, image]]));
  const dir = await mkdtemp(join(tmpdir(), 'wattboard-e2e-gateway-'));
  const log: string[] = [];
  const gateway: Gateway = createGateway(
    parseConfig({
      serverUrl,
      gatewayKey,
      pullIntervalMs: 1000,
      configCache: join(dir, 'config.json'),
      queue: { file: join(dir, 'queue.sqlite') },
      sender: { initialBackoffMs: 100, maxBackoffMs: 1000 },
    }),
    templates,
    (line) => log.push(line),
  );
  return {
    modbusPort: modbus.port,
    gateway,
    log,
    async stop() {
      await gateway.stop();
      await modbus.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Waits for a condition the gateway reaches on its own (a pull, a poll, a send). */
export async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
