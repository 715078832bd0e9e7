import { adminBillingPointSave } from '@wattboard/contract';
import type { AdminBillingPoint, AdminNode } from '@wattboard/contract';
import { z } from 'zod';
import { subtreeIds, treeRows } from '@/features/admin/shared/model/node-tree';
import type { TreeRow } from '@/features/admin/shared/model/node-tree';

/** The billing-point form as typed: numbers as text, '' = no contract capacity. */
export interface BillingPointFormValues {
  nodeId: string;
  contractCapacityKw: string;
  meterReadingDay: string;
  accountNumber: string;
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
  meterReadingDay: checkedBy(shape.meterReadingDay),
  accountNumber: checkedBy(shape.accountNumber, { blankOk: true }),
});

/** A new point starts on reading day 1 (the calendar month) until the bill's own day is typed. */
export function emptyBillingPointForm(nodeId = ''): BillingPointFormValues {
  return { nodeId, contractCapacityKw: '', meterReadingDay: '1', accountNumber: '' };
}

export function billingPointToForm(point: AdminBillingPoint): BillingPointFormValues {
  return {
    nodeId: String(point.nodeId),
    contractCapacityKw: point.contractCapacityKw === null ? '' : String(point.contractCapacityKw),
    meterReadingDay: String(point.meterReadingDay),
    accountNumber: point.accountNumber,
  };
}

/** The Save call's fields from a valid form. */
export function toBillingPointSave(values: BillingPointFormValues) {
  const capacity = values.contractCapacityKw.trim();
  return {
    nodeId: Number(values.nodeId),
    contractCapacityKw: capacity === '' ? null : Number(capacity),
    meterReadingDay: Number(values.meterReadingDay.trim()),
    accountNumber: values.accountNumber.trim(),
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
