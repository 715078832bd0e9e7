import { readConfig } from './config.ts';
import { createGateway } from './gateway.ts';
import { loadTemplates } from '@wattboard/contract/meter-templates';

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
const gateway = createGateway(config, loadTemplates());
gateway.sender.start();
for (const poller of gateway.pollers) poller.start();
console.info(
  `gateway: ${gateway.pollers.length} meter(s) on ${gateway.buses.size} bus(es), ` +
    `sending to ${config.serverUrl}; ${gateway.queue.size()} reading(s) waiting in ${config.queue.file}`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void gateway.stop().then(() => process.exit(0));
  });
}
