import { z } from 'zod';
import {
  REGISTER_TYPES,
  registerCount,
  UNIT_CONVERSIONS,
  type SourceUnit,
  type TargetUnit,
} from './format.ts';
import { hasLineBreakingCharacter, SINGLE_LINE_MESSAGE } from '../input.ts';

/** A person's one-line text (no control characters: PostgreSQL's jsonb refuses a NUL). */
const typedLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max, `is at most ${max} characters`)
    .refine((v) => !hasLineBreakingCharacter(v), SINGLE_LINE_MESSAGE);

/**
 * A meter template (packages/contract/meter-templates/*.json): one meter model's registers, each naming the
 * quantity it measures, and the manufacturer's document they were read from. docs/gateway.md has
 * the format and the list of templates with their sources.
 */

/** What a template can map; phases are the manual's L1..L3, matched to the node's wiring later. */
export const QUANTITIES = [
  'voltage_l1',
  'voltage_l2',
  'voltage_l3',
  'current_l1',
  'current_l2',
  'current_l3',
  'kw_l1',
  'kw_l2',
  'kw_l3',
  'kw_total',
  'pf_l1',
  'pf_l2',
  'pf_l3',
  'frequency',
  'kwh_import',
  'kwh_export',
  'kvarh_import',
] as const;
export type Quantity = (typeof QUANTITIES)[number];

/** The server unit each quantity is sent in; a register's unit must convert to it. */
export const QUANTITY_UNIT: Record<Quantity, TargetUnit> = {
  voltage_l1: 'V',
  voltage_l2: 'V',
  voltage_l3: 'V',
  current_l1: 'A',
  current_l2: 'A',
  current_l3: 'A',
  kw_l1: 'kW',
  kw_l2: 'kW',
  kw_l3: 'kW',
  kw_total: 'kW',
  pf_l1: '1',
  pf_l2: '1',
  pf_l3: '1',
  frequency: 'Hz',
  kwh_import: 'kWh',
  kwh_export: 'kWh',
  kvarh_import: 'kvarh',
};

const functionCode = z.union([z.literal(3), z.literal(4)]);
/** The address in the request frame (0-based), not the manual's 3xxxx/4xxxx register number. */
const address = z.number().int().min(0).max(0xffff);

const registerShape = {
  quantity: z.enum(QUANTITIES),
  functionCode,
  address,
  type: z.enum(REGISTER_TYPES),
  wordOrder: z.enum(['big', 'little']).default('big'),
  byteSwap: z.boolean().default(false),
  /** Raw × multiplier (e.g. 0.1 for a register in tenths of a volt). */
  multiplier: z.number().finite().positive().default(1),
  /** An int16 register holding a power of ten the raw value is multiplied by. */
  scaleRegister: z.object({ functionCode, address }).optional(),
  unit: z.enum(Object.keys(UNIT_CONVERSIONS) as [SourceUnit, ...SourceUnit[]]),
  /** Where in the source this register is listed (table, page, register number as printed). */
  ref: z.string().min(1),
};

type RegisterRuleInput = Pick<
  z.output<z.ZodObject<typeof registerShape>>,
  'unit' | 'quantity' | 'address' | 'type'
>;
const unitConverts = (r: RegisterRuleInput) =>
  UNIT_CONVERSIONS[r.unit].to === QUANTITY_UNIT[r.quantity];
const fitsAddressSpace = (r: RegisterRuleInput) => r.address + registerCount(r.type) - 1 <= 0xffff;
const UNIT_RULE = { message: 'unit does not convert to the quantity’s unit', path: ['unit'] };
const ADDRESS_RULE = { message: 'register runs past address 65535', path: ['address'] };

export const templateRegister = z
  .object(registerShape)
  .refine(unitConverts, UNIT_RULE)
  .refine(fitsAddressSpace, ADDRESS_RULE);
export type TemplateRegister = z.output<typeof templateRegister>;

const source = z.object({
  /** The manufacturer's document, e.g. "SDM630Modbus Smart Meter Modbus Protocol Implementation". */
  title: z.string().min(1),
  publisher: z.string().min(1),
  version: z.string().min(1),
  /** Where the document is published. */
  url: z.url(),
  /** How the registers were read: the document itself, or which transcription of it. */
  readFrom: z.array(z.string().min(1)).min(1),
});

const templateShape = {
  id: z.string().regex(/^[a-z0-9-]+$/),
  manufacturer: z.string().min(1),
  model: z.string().min(1),
  /** Phases the meter measures: 1 (L1 only) or 3. */
  phases: z.union([z.literal(1), z.literal(3)]),
  /** Most registers the meter answers in one request. */
  maxRegistersPerRead: z.number().int().min(1).max(125),
  /**
   * Unlisted registers one read may span to join two blocks. 0 unless the manual lists the
   * registers in between (some meters answer an exception for an unmapped address).
   */
  maxGap: z.number().int().min(0).default(0),
  source,
  notes: z.array(z.string()).default([]),
  registers: z.array(templateRegister).min(1),
};

/** The rules across registers: each quantity once, each value within one read, every phase's V, A and kW. */
function templateRules(
  t: {
    phases: 1 | 3;
    maxRegistersPerRead: number;
    registers: { quantity: Quantity; type: (typeof REGISTER_TYPES)[number] }[];
  },
  ctx: z.RefinementCtx,
): void {
  const seen = new Set<Quantity>();
  t.registers.forEach((r, i) => {
    if (seen.has(r.quantity)) {
      ctx.addIssue({ code: 'custom', message: `${r.quantity} twice`, path: ['registers', i] });
    }
    seen.add(r.quantity);
    if (registerCount(r.type) > t.maxRegistersPerRead) {
      ctx.addIssue({ code: 'custom', message: 'wider than one read', path: ['registers', i] });
    }
  });
  for (let n = 1; n <= t.phases; n++) {
    for (const q of ['voltage', 'current', 'kw'] as const) {
      // The server needs voltage, current and kW of every phase (packages/contract wirePhase).
      if (!seen.has(`${q}_l${n}` as Quantity)) {
        ctx.addIssue({ code: 'custom', message: `${q}_l${n} is missing`, path: ['registers'] });
      }
    }
  }
}

export const meterTemplate = z.object(templateShape).superRefine(templateRules);
export type MeterTemplate = z.output<typeof meterTemplate>;

/**
 * A template defined in Admin (decision 0088): the same registers and rules, but a person typing
 * a meter's registers in has no document reference to give, so `source` and each register's `ref`
 * may be left out. Its id is the server's (`user-…`), never one of the shipped files'.
 */
export const templateDefinitionRegister = z
  .object({ ...registerShape, ref: typedLine(200).optional() })
  .refine(unitConverts, UNIT_RULE)
  .refine(fitsAddressSpace, ADDRESS_RULE);

/** What a person edits in Admin: the definition without its id (the server gives it). */
const draftShape = {
  manufacturer: typedLine(100),
  model: typedLine(100),
  phases: templateShape.phases,
  maxRegistersPerRead: templateShape.maxRegistersPerRead,
  maxGap: z.number().int().min(0).max(125).default(0),
  registers: z.array(templateDefinitionRegister).min(1).max(QUANTITIES.length),
};
export const templateDraft = z.object(draftShape).superRefine(templateRules);
export type TemplateDraft = z.input<typeof templateDraft>;

export const templateDefinition = z
  .object({
    ...templateShape,
    ...draftShape,
    id: z
      .string()
      .regex(/^[a-z0-9:-]+$/)
      .max(64),
    source: source.optional(),
  })
  .superRefine(templateRules);
/** What the gateway decodes with: a shipped template (a MeterTemplate is one) or an Admin's. */
export type TemplateDefinition = z.output<typeof templateDefinition>;
