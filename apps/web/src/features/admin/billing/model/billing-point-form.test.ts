import { describe, expect, it } from 'vitest';
import { adminNode } from '@/testing/admin/nodes';
import {
  billingPointChoices,
  billingPointFormSchema,
  billingPointToForm,
  toBillingPointSave,
} from './billing-point-form';

describe('billing-point form', () => {
  it('reads a point into text fields and back, blank capacity as none', () => {
    const form = billingPointToForm({
      nodeId: 3,
      chName: '第二進線',
      name: 'Second supply',
      main: false,
      contractCapacityKw: null,
      otherContractsKw: { halfPeak: 0, nonSummer: 0, saturdayHalfPeak: 0, offPeak: 120 },
      meterReadingDay: 5,
      accountNumber: '12-34',
      contractHistory: [],
    });
    // 0 kW of another type is an empty field, as "none".
    expect(form).toEqual({
      nodeId: '3',
      contractCapacityKw: '',
      otherContractsKw: { halfPeak: '', nonSummer: '', saturdayHalfPeak: '', offPeak: '120' },
      meterReadingDay: '5',
      accountNumber: '12-34',
      appliesFrom: '',
    });
    expect(
      toBillingPointSave({
        ...form,
        contractCapacityKw: ' 250.5 ',
        otherContractsKw: { ...form.otherContractsKw, halfPeak: ' 50 ' },
        accountNumber: ' 9 ',
      }),
    ).toEqual({
      nodeId: 3,
      contractCapacityKw: 250.5,
      otherContractsKw: { halfPeak: 50, nonSummer: 0, saturdayHalfPeak: 0, offPeak: 120 },
      meterReadingDay: 5,
      accountNumber: '9',
    });
    // A date is sent only when typed (decision 0081); blank: the current billing period.
    expect(toBillingPointSave({ ...form, appliesFrom: ' 2026-11-15 ' }).appliesFrom).toBe(
      '2026-11-15',
    );
  });

  it("checks with the contract's rules", () => {
    const check = (patch: Record<string, unknown>) =>
      billingPointFormSchema
        .safeParse({
          nodeId: '3',
          contractCapacityKw: '',
          otherContractsKw: { halfPeak: '', nonSummer: '', saturdayHalfPeak: '', offPeak: '' },
          meterReadingDay: '5',
          accountNumber: '',
          appliesFrom: '',
          ...patch,
        })
        .error?.issues.map((i) => i.message);
    expect(check({})).toBeUndefined();
    expect(check({ meterReadingDay: '29' })).toEqual(['meterReadingDay must be at most 28']);
    expect(check({ appliesFrom: '2026-13-01' })).toEqual(['Expected a date as yyyy-MM-dd']);
    expect(check({ meterReadingDay: '0' })).toEqual(['meterReadingDay must be 1 or more']);
    expect(check({ meterReadingDay: '2.5' })).toEqual([
      'meterReadingDay must be a whole day of the month',
    ]);
    expect(check({ contractCapacityKw: '0' })).toEqual(['contractCapacityKw must be more than 0']);
    expect(check({ accountNumber: '12/34' })).toEqual([
      'accountNumber may hold only digits, spaces and dashes',
    ]);
    expect(check({ nodeId: '' })).toEqual(['nodeId is required']);
    const others = { halfPeak: '-1', nonSummer: '', saturdayHalfPeak: '', offPeak: 'x' };
    expect(check({ otherContractsKw: others })).toEqual([
      'otherContractsKw.halfPeak must be 0 or more',
      expect.stringMatching(/number/i),
    ]);
  });

  it('offers active points neither billed nor above or below a billing point, in tree order', () => {
    const nodes = [
      adminNode({ id: 1, type: 'virtual' }),
      adminNode({ id: 2, type: 'smartMeter', parentId: 1 }),
      adminNode({ id: 3, type: 'virtual', sortOrder: 1 }),
      adminNode({ id: 4, type: 'smartMeter', parentId: 3 }),
      adminNode({ id: 5, type: 'smartMeter', parentId: 3 }),
      adminNode({ id: 6, type: 'circuit', parentId: 5 }),
      adminNode({ id: 7, type: 'smartMeter', sortOrder: 2, retiredAt: '2026-01-02T00:00:00Z' }),
    ];
    const choices = billingPointChoices(nodes, [{ nodeId: 1 }, { nodeId: 4 }]);
    expect(choices.map(({ node, depth }) => [node.id, depth])).toEqual([
      [5, 1],
      [6, 2],
    ]);
  });
});
