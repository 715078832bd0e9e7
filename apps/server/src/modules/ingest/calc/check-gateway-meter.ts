import { GATEWAY_METER_MESSAGES, type Wiring } from '@wattboard/contract';
import {
  templateWiringProblem,
  type MeterTemplateSummary,
} from '@wattboard/contract/meter-templates';

export interface FeedNode {
  type: string;
  serial: string | null;
  wiring: Wiring | null;
  retired: boolean;
}

/**
 * Why a gateway meter cannot feed this node with this template (a message for the Admin), or
 * null. The node exists and is the factory's (checked before); `retiredMessage` is the Admin
 * calls' shared text.
 */
export function gatewayMeterProblem(
  node: FeedNode,
  template: MeterTemplateSummary | undefined,
  retiredMessage: string,
): string | null {
  if (node.type !== 'smartMeter' && node.type !== 'circuit') return GATEWAY_METER_MESSAGES.notMeter;
  if (node.retired) return retiredMessage;
  if (!node.serial || !node.wiring) return GATEWAY_METER_MESSAGES.noSerial;
  if (!template) return GATEWAY_METER_MESSAGES.unknownTemplate;
  return templateWiringProblem(template, node.wiring);
}
