import type { OutgoingCommand } from './repo/commands.ts';
import type { DeviceReport } from './repo/reports.ts';

/** Where commands go: the in-process simulator or devices over MQTT. */
export interface CommandSender {
  readonly kind: 'simulator' | 'mqtt';
  /** Sends one command; the device's answer comes back through the report callback. */
  send(command: OutgoingCommand, sentAt: number): Promise<void>;
  close(): Promise<void>;
}

export type ReportListener = (report: DeviceReport) => Promise<void>;
