import { loadTemplates } from '@wattboard/contract/meter-templates';
import { readConfig } from './config.ts';
import { createGateway } from './gateway.ts';

/**
 * The Wattboard Modbus gateway: `node apps/gateway/src/main.ts gateway.json`
 * (or `npm start -w @wattboard/gateway -- /path/to/gateway.json`). docs/gateway.md.
 */
const path = process.argv[2] ?? process.env.WATTBOARD_GATEWAY_CONFIG;
if (!path) {
  console.error('usage: node apps/gateway/src/main.ts <gateway.json>');
  process.exit(2);
}
const config = readConfig(path);
const gateway = createGateway(config, loadTemplates(), (m) => console.warn(m));
console.info(
  `gateway: sending to ${config.serverUrl}; ${gateway.queue.size()} reading(s) waiting in ` +
    `${config.queue.file}; ` +
    (gateway.follower
      ? `meters from the server every ${config.pullIntervalMs / 1000} s (last good: ${config.configCache})`
      : `${gateway.pollers.length} local meter(s) on ${gateway.buses.size} bus(es), nothing pulled`),
);
await gateway.start();

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void gateway.stop().then(() => process.exit(0));
  });
}
