import {
  QUANTITY_UNIT,
  templateDraft,
  UNIT_CONVERSIONS,
  type AdminUserTemplate,
  type Quantity,
  type RegisterType,
  type SourceUnit,
  type TemplateDraft,
} from '@wattboard/contract';

/**
 * The Templates editor's form (decision 0088): text fields as typed, turned into the contract's
 * template draft and checked by its schema (the server checks the same). Pure.
 */
export interface RegisterRow {
  quantity: Quantity;
  functionCode: '3' | '4';
  address: string;
  type: RegisterType;
  wordOrder: 'big' | 'little';
  byteSwap: boolean;
  multiplier: string;
  unit: SourceUnit;
}

export interface TemplateFormValues {
  manufacturer: string;
  model: string;
  phases: '1' | '3';
  maxRegistersPerRead: string;
  registers: RegisterRow[];
}

/** The units a register of this quantity may be given in (those converting to its unit). */
export function unitsFor(quantity: Quantity): SourceUnit[] {
  const to = QUANTITY_UNIT[quantity];
  return (Object.keys(UNIT_CONVERSIONS) as SourceUnit[]).filter(
    (u) => UNIT_CONVERSIONS[u].to === to,
  );
}

export function newRegister(quantity: Quantity, address = ''): RegisterRow {
  return {
    quantity,
    functionCode: '4',
    address,
    type: 'float32',
    wordOrder: 'big',
    byteSwap: false,
    multiplier: '1',
    unit: unitsFor(quantity)[0]!,
  };
}

/** A new template: one phase, its voltage, current and power (what every template needs). */
export function emptyTemplateForm(): TemplateFormValues {
  return {
    manufacturer: '',
    model: '',
    phases: '1',
    maxRegistersPerRead: '16',
    registers: (['voltage_l1', 'current_l1', 'kw_l1'] as const).map((q) => newRegister(q)),
  };
}

export function templateFormValues(template: AdminUserTemplate): TemplateFormValues {
  const d = template.definition;
  return {
    manufacturer: d.manufacturer,
    model: d.model,
    phases: d.phases === 3 ? '3' : '1',
    maxRegistersPerRead: String(d.maxRegistersPerRead),
    registers: d.registers.map((r) => ({
      quantity: r.quantity,
      functionCode: r.functionCode === 3 ? '3' : '4',
      address: String(r.address),
      type: r.type,
      wordOrder: r.wordOrder,
      byteSwap: r.byteSwap,
      multiplier: String(r.multiplier),
      unit: r.unit,
    })),
  };
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export type CheckedTemplate =
  { ok: true; draft: TemplateDraft } | { ok: false; problems: { path: string; message: string }[] };

/** The form as a draft, or each problem with the field it names ("registers.2.unit"). */
export function checkTemplateForm(values: TemplateFormValues): CheckedTemplate {
  const draft = {
    manufacturer: values.manufacturer,
    model: values.model,
    phases: values.phases === '3' ? 3 : 1,
    maxRegistersPerRead: toNumber(values.maxRegistersPerRead),
    maxGap: 0,
    registers: values.registers.map((r) => ({
      quantity: r.quantity,
      functionCode: r.functionCode === '3' ? 3 : 4,
      address: toNumber(r.address),
      type: r.type,
      wordOrder: r.wordOrder,
      byteSwap: r.byteSwap,
      multiplier: toNumber(r.multiplier),
      unit: r.unit,
    })),
  };
  const parsed = templateDraft.safeParse(draft);
  if (parsed.success) return { ok: true, draft: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  };
}
