import { describe, expect, it } from 'vitest';
import {
  loadTemplates,
  parseTemplate,
  type TemplateRegister,
} from '@wattboard/contract/meter-templates';
import { planReads } from '../src/modbus/plan.ts';

const templates = loadTemplates();

describe('shipped templates', () => {
  it('all parse, each naming its source manual', () => {
    expect([...templates.keys()]).toEqual([
      'abb-a43-a44',
      'carlogavazzi-em24',
      'eastron-sdm120',
      'eastron-sdm230',
      'eastron-sdm630',
      'eastron-sdm72d-m',
      'janitza-umg96rm',
    ]);
    for (const t of templates.values()) {
      expect(t.source.url).toMatch(/^https:\/\//);
      expect(t.source.readFrom.length).toBeGreaterThan(0);
      for (const r of t.registers) expect(r.ref.length).toBeGreaterThan(5);
    }
  });

  it('SDM630 is read in three requests within the meter’s 80-register limit', () => {
    const t = templates.get('eastron-sdm630')!;
    expect(planReads(t.registers, t.maxRegistersPerRead, t.maxGap)).toEqual([
      { functionCode: 4, start: 0, count: 36 },
      { functionCode: 4, start: 52, count: 2 },
      { functionCode: 4, start: 70, count: 8 },
    ]);
  });

  it('Eastron frame addresses are the 3xxxx register numbers minus 30001', () => {
    const eastron = [...templates.values()].filter((t) => t.manufacturer === 'Eastron');
    expect(eastron.map((t) => t.id)).toEqual([
      'eastron-sdm120',
      'eastron-sdm230',
      'eastron-sdm630',
      'eastron-sdm72d-m',
    ]);
    for (const t of eastron) {
      for (const r of t.registers) {
        expect(r.ref).toMatch(/^3\d{4} /);
        expect(Number(r.ref.slice(0, 5)) - 30001).toBe(r.address);
      }
    }
  });

  it('SDM230 and SDM72D-M: the hex start address printed beside each row is the frame address', () => {
    for (const id of ['eastron-sdm230', 'eastron-sdm72d-m']) {
      for (const r of templates.get(id)!.registers) {
        const [hi, lo] = /\((\w\w) (\w\w)\)/.exec(r.ref)!.slice(1);
        expect(Number.parseInt(hi! + lo!, 16), `${id} ${r.quantity}`).toBe(r.address);
      }
    }
  });

  it('SDM72D-M is read in three requests within the manual’s 30-parameter limit', () => {
    const t = templates.get('eastron-sdm72d-m')!;
    expect(planReads(t.registers, t.maxRegistersPerRead, t.maxGap)).toEqual([
      { functionCode: 4, start: 0, count: 18 },
      { functionCode: 4, start: 52, count: 2 },
      { functionCode: 4, start: 72, count: 4 },
    ]);
  });

  it('Carlo Gavazzi EM24: frame address = the 3xxxxx Modicom number minus 300001 = the hex physical address', () => {
    for (const r of templates.get('carlogavazzi-em24')!.registers) {
      const [modicom, hex] = r.ref.split(' ');
      expect(Number(modicom) - 300001).toBe(r.address);
      expect(Number.parseInt(hex!, 16)).toBe(r.address);
    }
  });

  it('ABB A43/A44: frame address = the hexadecimal start register as printed', () => {
    for (const r of templates.get('abb-a43-a44')!.registers) {
      expect(Number.parseInt(r.ref.split(' ')[0]!, 16)).toBe(r.address);
    }
  });

  it('Janitza UMG 96RM: frame address = the address as printed in the list, function 03, floats', () => {
    for (const r of templates.get('janitza-umg96rm')!.registers) {
      expect(Number(r.ref.split(' ')[0])).toBe(r.address);
      expect(r.ref).toMatch(/^\d+ FLOAT /);
      expect([r.functionCode, r.type, r.wordOrder, r.byteSwap]).toEqual([
        3,
        'float32',
        'big',
        false,
      ]);
    }
  });

  it('Janitza UMG 96RM is read in three requests: measured values, power factors, counters', () => {
    const t = templates.get('janitza-umg96rm')!;
    expect(planReads(t.registers, t.maxRegistersPerRead, t.maxGap)).toEqual([
      { functionCode: 3, start: 828, count: 6 },
      { functionCode: 3, start: 5352, count: 50 },
      { functionCode: 3, start: 19000, count: 52 },
    ]);
  });
});

const base = {
  id: 'x',
  manufacturer: 'M',
  model: 'X',
  phases: 1,
  maxRegistersPerRead: 10,
  source: { title: 't', publisher: 'p', version: '1', url: 'https://e.x/m.pdf', readFrom: ['doc'] },
  registers: [
    { quantity: 'voltage_l1', functionCode: 4, address: 0, type: 'float32', unit: 'V', ref: 'r' },
    { quantity: 'current_l1', functionCode: 4, address: 2, type: 'float32', unit: 'A', ref: 'r' },
    { quantity: 'kw_l1', functionCode: 4, address: 4, type: 'float32', unit: 'W', ref: 'r' },
  ],
};
const withRegisters = (registers: unknown[]) => JSON.stringify({ ...base, registers });

describe('template schema', () => {
  it('accepts a minimal template and fills defaults', () => {
    const t = parseTemplate(JSON.stringify(base), 'x.json');
    expect(t.registers[0]).toMatchObject({ wordOrder: 'big', byteSwap: false, multiplier: 1 });
    expect(t.maxGap).toBe(0);
  });

  it('refuses a missing source, a wrong unit, a missing phase value, a duplicate', () => {
    expect(() => parseTemplate(JSON.stringify({ ...base, source: undefined }), 'x.json')).toThrow(
      /source/,
    );
    const wrongUnit = [...base.registers.slice(0, 2), { ...base.registers[2], unit: 'Wh' }];
    expect(() => parseTemplate(withRegisters(wrongUnit), 'x.json')).toThrow(/unit/);
    expect(() => parseTemplate(withRegisters(base.registers.slice(0, 2)), 'x.json')).toThrow(
      /kw_l1 is missing/,
    );
    const twice = [...base.registers, base.registers[0]];
    expect(() => parseTemplate(withRegisters(twice), 'x.json')).toThrow(/voltage_l1 twice/);
    expect(() => parseTemplate(JSON.stringify(base), 'y.json')).toThrow(/its id is x/);
  });
});

describe('planReads', () => {
  const r = (address: number, type: TemplateRegister['type'], fc: 3 | 4 = 3) =>
    ({ functionCode: fc, address, type }) as TemplateRegister;

  it('joins contiguous registers, splits on gaps, function codes and the size limit', () => {
    expect(planReads([r(0, 'float32'), r(2, 'uint16'), r(3, 'int64')], 10)).toEqual([
      { functionCode: 3, start: 0, count: 7 },
    ]);
    expect(planReads([r(0, 'uint16'), r(5, 'uint16')], 10)).toHaveLength(2);
    expect(planReads([r(0, 'uint16'), r(5, 'uint16')], 10, 4)).toEqual([
      { functionCode: 3, start: 0, count: 6 },
    ]);
    expect(planReads([r(0, 'uint16', 3), r(1, 'uint16', 4)], 10)).toHaveLength(2);
    expect(planReads([r(0, 'float32'), r(2, 'float32')], 3)).toEqual([
      { functionCode: 3, start: 0, count: 2 },
      { functionCode: 3, start: 2, count: 2 },
    ]);
  });

  it('reads a scale register with its value', () => {
    const scaled = { ...r(10, 'int16'), scaleRegister: { functionCode: 3, address: 11 } };
    expect(planReads([scaled as TemplateRegister], 10)).toEqual([
      { functionCode: 3, start: 10, count: 2 },
    ]);
  });
});
