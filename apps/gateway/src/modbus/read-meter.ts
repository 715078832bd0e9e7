import { decodeRegisters, registerCount } from '../decode/registers.ts';
import { toServerUnit } from '../decode/scale.ts';
import type { Quantity, TemplateDefinition } from '@wattboard/contract/meter-templates';
import type { ModbusBus } from './bus.ts';
import { planReads, wordsAt, type ReadBlock } from './plan.ts';

export type Values = Partial<Record<Quantity, number>>;

export interface MeterRead {
  values: Values;
  /** Registers that answered but did not decode (NaN, beyond 2^53, a 0x8000 scale …). */
  problems: { quantity: Quantity; message: string }[];
}

/**
 * Decodes every register of a template from the answers of its read blocks, in server units.
 * Pure: the tests feed it words directly as well as through a real Modbus server.
 */
export function decodeTemplate(
  template: TemplateDefinition,
  answers: ReadonlyMap<ReadBlock, readonly number[]>,
): MeterRead {
  const values: Values = {};
  const problems: MeterRead['problems'] = [];
  for (const r of template.registers) {
    try {
      const words = wordsAt(answers, r.functionCode, r.address, registerCount(r.type));
      const raw = decodeRegisters(words, r);
      const exponent = r.scaleRegister
        ? decodeRegisters(
            wordsAt(answers, r.scaleRegister.functionCode, r.scaleRegister.address, 1),
            {
              type: 'int16',
              wordOrder: 'big',
              byteSwap: false,
            },
          )
        : undefined;
      values[r.quantity] = toServerUnit(raw, r.multiplier, exponent, r.unit);
    } catch (error) {
      problems.push({ quantity: r.quantity, message: (error as Error).message });
    }
  }
  return { values, problems };
}

/** Reads one meter over its bus: every block of its template, then decodes. */
export async function readMeter(
  bus: ModbusBus,
  unitId: number,
  template: TemplateDefinition,
  blocks = planReads(template.registers, template.maxRegistersPerRead, template.maxGap),
): Promise<MeterRead> {
  const answers = new Map<ReadBlock, readonly number[]>();
  for (const block of blocks) {
    answers.set(block, await bus.read(unitId, block.functionCode, block.start, block.count));
  }
  return decodeTemplate(template, answers);
}
