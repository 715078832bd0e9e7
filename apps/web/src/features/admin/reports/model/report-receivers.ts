import { MAX_REPORT_RECEIVERS, scheduledReportReceivers } from '@wattboard/contract';

/** Addresses as typed: one per line, or separated by commas, semicolons or spaces. */
export function parseReceivers(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

export function receiversText(receivers: readonly string[]): string {
  return receivers.join('\n');
}

/** What is wrong with the list, as a translation key and values; null when it can be saved. */
export type ReceiversProblem =
  | { key: 'admin.reports.needReceiver' }
  | { key: 'admin.reports.tooMany'; values: { max: number } }
  | { key: 'admin.reports.invalidAddress'; values: { address: string } }
  | { key: 'admin.reports.duplicate'; values: { address: string } };

/** The contract's rules (valid, at most MAX_REPORT_RECEIVERS, no repeats), plus: a report that is on needs one. */
export function receiversProblem(
  receivers: readonly string[],
  enabled: boolean,
): ReceiversProblem | null {
  if (enabled && receivers.length === 0) return { key: 'admin.reports.needReceiver' };
  if (receivers.length > MAX_REPORT_RECEIVERS) {
    return { key: 'admin.reports.tooMany', values: { max: MAX_REPORT_RECEIVERS } };
  }
  const result = scheduledReportReceivers.safeParse(receivers);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const address = receivers[Number(issue.path[0])] ?? '';
  return issue.code === 'custom'
    ? { key: 'admin.reports.duplicate', values: { address } }
    : { key: 'admin.reports.invalidAddress', values: { address } };
}
