import { transportLabel } from '@wattboard/contract/gateway-config';
import { loadTemplates } from '@wattboard/contract/meter-templates';
import { describeFinding, parseScanArgs, proposeMeters, SCAN_USAGE } from './scan/plan.ts';
import { scanBus } from './scan/scan.ts';

/**
 * Bus scan: `npm run scan -w @wattboard/gateway -- --port /dev/ttyUSB0 --baud 9600 --ids 1-247`
 * (or `--host h --port-number p [--rtu-over-tcp]`). Prints each unit id that answers and a JSON
 * block for Admin › Gateways › Meters. Stop the gateway first if it polls the same serial port:
 * a port has one master.
 */
let options;
try {
  options = parseScanArgs(process.argv.slice(2));
} catch (error) {
  console.error(`scan: ${(error as Error).message}\n${SCAN_USAGE}`);
  process.exit(2);
}
const templates = loadTemplates();
const ids = options.ids;
console.info(
  `scan: ${transportLabel(options.transport)}, ${ids.length} unit id(s) ` +
    `${ids[0]}…${ids.at(-1)}, ${options.timeoutMs} ms each; presence by the templates' L1 ` +
    `voltage register (templates have no identity register)`,
);
try {
  const found = await scanBus(options, templates, (f) => console.info(describeFinding(f)));
  if (found.length === 0) {
    console.info('scan: no unit answered (check wiring A/B, baud rate, parity, termination)');
    process.exit(1);
  }
  console.info(
    `scan: ${found.length} unit(s) answered. Proposed for Admin › Gateways › Meters ` +
      `(choose each meter's monitoring point; where "template" is null, choose one of ` +
      `"templateCandidates": the model is not identified by any register):`,
  );
  console.info(JSON.stringify(proposeMeters(options.transport, found), null, 2));
} catch (error) {
  console.error(`scan: ${(error as Error).message}`);
  process.exit(1);
}
