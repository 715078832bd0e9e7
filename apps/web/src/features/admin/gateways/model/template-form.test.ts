import { describe, expect, it } from 'vitest';
import { checkTemplateForm, emptyTemplateForm, newRegister, unitsFor } from './template-form';

describe('the template form', () => {
  it('offers only the units that convert to the quantity’s unit', () => {
    expect(unitsFor('kw_l1')).toEqual(['W', 'kW']);
    expect(unitsFor('kwh_import')).toEqual(['Wh', 'kWh', 'MWh']);
    expect(unitsFor('pf_l1')).toEqual(['1']);
  });

  it('turns typed text into the contract draft', () => {
    const form = emptyTemplateForm();
    form.manufacturer = 'Acme';
    form.model = 'PM-1';
    form.registers = [
      { ...newRegister('voltage_l1', '0') },
      { ...newRegister('current_l1', '6'), type: 'uint16', multiplier: '0.01' },
      { ...newRegister('kw_l1', '12'), functionCode: '3', wordOrder: 'little', byteSwap: true },
    ];
    const checked = checkTemplateForm(form);
    expect(checked).toEqual({
      ok: true,
      draft: {
        manufacturer: 'Acme', model: 'PM-1', phases: 1, maxRegistersPerRead: 16, maxGap: 0,
        registers: [
          { quantity: 'voltage_l1', functionCode: 4, address: 0, type: 'float32', wordOrder: 'big', byteSwap: false, multiplier: 1, unit: 'V' },
          { quantity: 'current_l1', functionCode: 4, address: 6, type: 'uint16', wordOrder: 'big', byteSwap: false, multiplier: 0.01, unit: 'A' },
          { quantity: 'kw_l1', functionCode: 3, address: 12, type: 'float32', wordOrder: 'little', byteSwap: true, multiplier: 1, unit: 'W' },
        ],
      },
    }); // prettier-ignore
  });

  it('names the field of each problem: an empty address, an empty model', () => {
    const form = emptyTemplateForm();
    form.manufacturer = 'Acme';
    form.registers[1]!.address = '';
    form.phases = '3';
    const checked = checkTemplateForm(form);
    expect(checked.ok).toBe(false);
    const paths = checked.ok ? [] : checked.problems.map((p) => p.path);
    expect(paths).toContain('model');
    expect(paths).toContain('registers.0.address');
    expect(paths).toContain('registers.1.address');
  });

  it('says which phase is missing once every register reads', () => {
    const form = emptyTemplateForm();
    Object.assign(form, { manufacturer: 'Acme', model: 'PM-3', phases: '3' });
    form.registers.forEach((r, i) => (r.address = String(i * 2)));
    const checked = checkTemplateForm(form);
    expect(checked.ok ? [] : checked.problems).toContainEqual({
      path: 'registers',
      message: 'voltage_l2 is missing',
    });
  });
});
