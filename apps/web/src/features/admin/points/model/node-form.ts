import {
  adminNodeAddRequest,
  adminNodeUpdateRequest,
  serialText,
  wiring,
} from '@wattboard/contract';
import type { AdminNode, NodeType, Wiring } from '@wattboard/contract';
import { z } from 'zod';

/** What the add / edit forms hold: text inputs as typed ('' = not given), the parent as an option value. */
export interface NodeFormValues {
  type: NodeType;
  /** '' = the top of the tree. */
  parentId: string;
  name: string;
  chName: string;
  serial: string;
  wiring: Wiring | '';
  breakerType: string;
  frequencyHz: string;
  hasReverseKwh: boolean;
  /** The node's own capacity in kW ('' = none): its demand is predicted and warned (issue #15). */
  capacityKw: string;
}

const shape = adminNodeAddRequest.shape;

function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
}

/**
 * The contract's rules on the form's fields: names always; serial and wiring
 * for meters and circuits only; breaker type and frequency when given.
 */
export const nodeFormSchema = z
  .object({
    type: shape.type,
    parentId: z.string(),
    name: shape.name,
    chName: shape.chName,
    serial: z.string(),
    wiring: z.union([wiring, z.literal('')]),
    breakerType: z.string(),
    frequencyHz: z.string(),
    hasReverseKwh: z.boolean(),
    capacityKw: z.string(),
  })
  .superRefine((v, ctx) => {
    const add = (path: string, message: string | null) => {
      if (message) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.type !== 'virtual') {
      add('serial', firstIssue(serialText, v.serial));
      add('wiring', v.wiring === '' ? 'wiring is required' : null);
    }
    if (v.breakerType.trim())
      add('breakerType', firstIssue(shape.breakerType, v.breakerType.trim()));
    if (v.frequencyHz.trim())
      add('frequencyHz', firstIssue(shape.frequencyHz, v.frequencyHz.trim()));
    if (v.capacityKw.trim())
      add('capacityKw', firstIssue(adminNodeUpdateRequest.shape.capacityKw, v.capacityKw.trim()));
  });

export function emptyNodeForm(type: NodeType = 'smartMeter', parentId = ''): NodeFormValues {
  return {
    type,
    parentId,
    name: '',
    chName: '',
    serial: '',
    wiring: type === 'virtual' ? '' : 'a,b,c',
    breakerType: '',
    frequencyHz: '',
    hasReverseKwh: false,
    capacityKw: '',
  };
}

const optionalText = (text: string) => (text.trim() ? text.trim() : null);
const optionalNumber = (text: string) => (text.trim() ? Number(text.trim()) : null);

/** The Add call's fields from a valid form: blanks become "not given". */
export function toNewNode(v: NodeFormValues) {
  const measured = v.type !== 'virtual';
  return {
    type: v.type,
    parentId: v.parentId ? Number(v.parentId) : null,
    name: v.name.trim(),
    chName: v.chName.trim(),
    ...(measured ? { serial: v.serial.trim(), wiring: v.wiring as Wiring } : {}),
    breakerType: optionalText(v.breakerType),
    frequencyHz: optionalNumber(v.frequencyHz),
    hasReverseKwh: v.hasReverseKwh,
  };
}

/** The edit form of an existing node. */
export function nodeToForm(node: AdminNode): NodeFormValues {
  return {
    type: node.type,
    parentId: node.parentId === null ? '' : String(node.parentId),
    name: node.name,
    chName: node.chName,
    serial: node.serial ?? '',
    wiring: node.wiring ?? '',
    breakerType: node.breakerType ?? '',
    frequencyHz: node.frequencyHz === null ? '' : String(node.frequencyHz),
    hasReverseKwh: node.hasReverseKwh,
    capacityKw:
      node.capacityKw === null || node.capacityKw === undefined ? '' : String(node.capacityKw),
  };
}

/** The Update call's fields: names and details (serial, wiring and place are fixed here). */
export function toNodeChange(nodeId: number, v: NodeFormValues) {
  return {
    nodeId,
    name: v.name.trim(),
    chName: v.chName.trim(),
    breakerType: optionalText(v.breakerType),
    frequencyHz: optionalNumber(v.frequencyHz),
    hasReverseKwh: v.hasReverseKwh,
    capacityKw: optionalNumber(v.capacityKw),
  };
}
