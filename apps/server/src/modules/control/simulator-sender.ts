import type { Queryable } from '../../platform/db/db.ts';
import { acPowerFactor } from './calc/ac-power.ts';
import type { Simulator } from '../simulator/index.ts';
import type { SelectedOption } from '@wattboard/contract';
import type { CommandSender, ReportListener } from './sender.ts';
import { confirmedSwitches } from './repo/confirmed-switches.ts';

type SimulatedSwitches = Pick<Simulator, 'setCircuitOn' | 'setCircuitLevel'>;

function apply(
  simulator: SimulatedSwitches,
  nodeId: number,
  on: boolean,
  options: SelectedOption | null,
) {
  simulator.setCircuitOn(nodeId, on);
  if (options) simulator.setCircuitLevel(nodeId, acPowerFactor(options));
}

/**
 * Commands in-process to the virtual factory, which obeys at once: an off
 * circuit draws ~0 kW from its next reading, an air conditioner's power
 * follows its mode and set-point. It confirms every command it is given.
 */
export function createSimulatorSender(
  simulator: SimulatedSwitches,
  report: ReportListener,
): CommandSender {
  return {
    kind: 'simulator',
    async send(command, sentAt) {
      if (command.nodeId !== null)
        apply(simulator, command.nodeId, command.state === 'on', command.options);
      await report({
        factoryId: command.factoryId,
        channelId: command.channelId,
        commandId: command.commandId,
        state: command.state,
        at: sentAt,
      });
    },
    async close() {},
  };
}

/**
 * The simulator keeps switch states in memory: after a restart it takes them
 * back from what the channels last confirmed.
 */
export async function restoreSimulatorSwitches(
  db: Queryable,
  simulator: SimulatedSwitches,
): Promise<number> {
  const rows = await confirmedSwitches(db);
  for (const row of rows) {
    apply(simulator, row.node_id, row.status === 'on', row.ir ? row.applied_option : null);
  }
  return rows.length;
}
