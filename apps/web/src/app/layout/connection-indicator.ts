import type { ConnectionState } from '@/components/ConnectionStatus';
import type { HubState } from '@/lib/hub';

/** Connected green; connecting (also while reconnecting) yellow; anything else red. */
export function indicatorState(hubState: HubState): ConnectionState {
  if (hubState === 'Connected') return 'connected';
  if (hubState === 'Connecting' || hubState === 'Reconnecting') return 'connecting';
  return 'disconnected';
}
