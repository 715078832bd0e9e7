import type { ReconciledBill } from '@wattboard/contract';
import { channelDisplayName } from '@/lib/channel-names';
import { displayDate } from '@/lib/format';

/** A bill's billing point in the page's language (chName in 中文, name in English). */
export function billPointName(
  bill: Pick<ReconciledBill, 'nodeId' | 'chName' | 'name'>,
  language: string,
) {
  return channelDisplayName({ id: bill.nodeId, chName: bill.chName, name: bill.name }, language);
}

/** "2026/10/15 – 2026/11/14", the app's date style. */
export function billPeriod(bill: Pick<ReconciledBill, 'periodFrom' | 'periodTo'>) {
  return `${displayDate(bill.periodFrom)} – ${displayDate(bill.periodTo)}`;
}
