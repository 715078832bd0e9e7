import { adminNodeUpdateRequest } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { adminNode } from '@/testing/admin/nodes';
import { emptyNodeForm, nodeFormSchema, nodeToForm, toNodeChange } from './node-form';

const issues = (capacityKw: string) => {
  const result = nodeFormSchema.safeParse({
    ...emptyNodeForm('virtual'),
    name: 'A',
    chName: 'A',
    capacityKw,
  });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('node form: capacity (kW)', () => {
  it('takes a positive number or nothing, with the contract’s messages', () => {
    expect(issues('')).toEqual([]);
    expect(issues('180.5')).toEqual([]);
    expect(issues('0')).toEqual(['capacityKw: capacityKw must be more than 0']);
    expect(issues('-3')).toEqual(['capacityKw: capacityKw must be more than 0']);
    expect(issues('2000000')).toEqual(['capacityKw: capacityKw must be at most 1000000']);
    expect(issues('abc')).toHaveLength(1);
  });

  it('round-trips into an Update request the contract accepts; blank clears it', () => {
    const form = nodeToForm(adminNode({ id: 7, type: 'virtual', capacityKw: 950 }));
    expect(form.capacityKw).toBe('950');
    expect(toNodeChange(7, form).capacityKw).toBe(950);
    expect(toNodeChange(7, { ...form, capacityKw: ' ' }).capacityKw).toBeNull();
    expect(nodeToForm(adminNode({ id: 8, type: 'virtual' })).capacityKw).toBe('');
    const request = adminNodeUpdateRequest.parse({
      email: 'a@b.c',
      token: 't',
      action: '/v1/Admin/Node/Update',
      factoryId: 0,
      ...toNodeChange(7, form),
    });
    expect(request.capacityKw).toBe(950);
  });
});
