import { adminBillingPointSave, otherContractsInput } from '@wattboard/contract';
import type { AdminBillingPoint, AdminNode, OtherContracts } from '@wattboard/contract';
import { z } from 'zod';
import { subtreeIds, treeRows } from '@/features/admin/shared/model/node-tree';
import type { TreeRow } from '@/features/admin/shared/model/node-tree';

/** The contract types besides regular, in the order the form shows them. */
export const OTHER_CONTRACT_TYPES = [
  'halfPeak',
  'nonSummer',
  'saturdayHalfPeak',
  'offPeak',
] as const satisfies readonly (keyof OtherContracts)[];

/**
 * The billing-point form as typed: numbers as text, '' = no contract capacity
 * (regular) or 0 kW (the other types).
 */
export interface BillingPointFormValues {
  nodeId: string;
  contractCapacityKw: string;
  otherContractsKw: Record<keyof OtherContracts, string>;
  meterReadingDay: string;
  accountNumber: string;
  /** yyyy-MM-dd; '' = from the current billing period (the server's default). */
  appliesFrom: string;
}

const shape = adminBillingPointSave.request.shape;

/** Checks a text with one of the contract's fields; adds its first message at that field. */
function checkedBy(schema: z.ZodType, { blankOk = false } = {}) {
  return z.string().superRefine((value, ctx) => {
    if (blankOk && value.trim() === '') return;
    const result = schema.safeParse(value.trim());
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'invalid' });
    }
  });
}

export const billingPointFormSchema = z.object({
  nodeId: z.string().min(1, 'nodeId is required'),
  contractCapacityKw: checkedBy(shape.contractCapacityKw, { blankOk: true }),
  otherContractsKw: z.object({
    halfPeak: checkedBy(otherContractsInput.shape.halfPeak, { blankOk: true }),
    nonSummer: checkedBy(otherContractsInput.shape.nonSummer, { blankOk: true }),
    saturdayHalfPeak: checkedBy(otherContractsInput.shape.saturdayHalfPeak, { blankOk: true }),
    offPeak: checkedBy(otherContractsInput.shape.offPeak, { blankOk: true }),
  }),
  meterReadingDay: checkedBy(shape.meterReadingDay),
  accountNumber: checkedBy(shape.accountNumber, { blankOk: true }),
  appliesFrom: checkedBy(shape.appliesFrom.unwrap(), { blankOk: true }),
});

/** A new point starts on reading day 1 (the calendar month) until the bill's own day is typed. */
export function emptyBillingPointForm(nodeId = ''): BillingPointFormValues {
  return {
    nodeId,
    contractCapacityKw: '',
    otherContractsKw: { halfPeak: '', nonSummer: '', saturdayHalfPeak: '', offPeak: '' },
    meterReadingDay: '1',
    accountNumber: '',
    appliesFrom: '',
  };
}

export function billingPointToForm(point: AdminBillingPoint): BillingPointFormValues {
  return {
    nodeId: String(point.nodeId),
    contractCapacityKw: point.contractCapacityKw === null ? '' : String(point.contractCapacityKw),
    otherContractsKw: {
      halfPeak: otherText(point.otherContractsKw.halfPeak),
      nonSummer: otherText(point.otherContractsKw.nonSummer),
      saturdayHalfPeak: otherText(point.otherContractsKw.saturdayHalfPeak),
      offPeak: otherText(point.otherContractsKw.offPeak),
    },
    meterReadingDay: String(point.meterReadingDay),
    accountNumber: point.accountNumber,
    appliesFrom: '',
  };
}

/** 0 kW (none) shows as an empty field. */
const otherText = (kw: number) => (kw === 0 ? '' : String(kw));
const otherKw = (text: string) => (text.trim() === '' ? 0 : Number(text.trim()));

/** The Save call's fields from a valid form. */
export function toBillingPointSave(values: BillingPointFormValues) {
  const capacity = values.contractCapacityKw.trim();
  const others = values.otherContractsKw;
  return {
    nodeId: Number(values.nodeId),
    contractCapacityKw: capacity === '' ? null : Number(capacity),
    otherContractsKw: {
      halfPeak: otherKw(others.halfPeak),
      nonSummer: otherKw(others.nonSummer),
      saturdayHalfPeak: otherKw(others.saturdayHalfPeak),
      offPeak: otherKw(others.offPeak),
    },
    meterReadingDay: Number(values.meterReadingDay.trim()),
    accountNumber: values.accountNumber.trim(),
    ...(values.appliesFrom.trim() === '' ? {} : { appliesFrom: values.appliesFrom.trim() }),
  };
}

/**
 * The points that can become billing points, in tree order: active ones that
 * are not billing points and lie neither above nor below one — the server
 * refuses those, as their energy would be on two bills.
 */
export function billingPointChoices(
  nodes: readonly AdminNode[],
  points: readonly Pick<AdminBillingPoint, 'nodeId'>[],
): TreeRow[] {
  const active = nodes.filter((n) => n.retiredAt === null);
  const taken = new Set<number>();
  for (const { nodeId } of points) {
    for (const id of subtreeIds(active, nodeId)) taken.add(id);
  }
  const above = new Set<number>();
  const parentOf = new Map(active.map((n) => [n.id, n.parentId]));
  for (const { nodeId } of points) {
    for (
      let p = parentOf.get(nodeId) ?? null;
      p !== null && !above.has(p);
      p = parentOf.get(p) ?? null
    ) {
      above.add(p);
    }
  }
  return treeRows(active).filter(({ node }) => !taken.has(node.id) && !above.has(node.id));
}
