import { adminNodeAddRequest, adminNodeUpdateRequest } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { emptyNodeForm, nodeFormSchema, nodeToForm, toNewNode, toNodeChange } from './node-form';

const issues = (values: unknown) => {
  const result = nodeFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const envelope = { email: 'admin@wattboard.local', action: '/v1/Admin/Node/Add', token: 't' };

describe('node form', () => {
  it('requires names, a serial and a wiring for a meter', () => {
    expect(issues({ ...emptyNodeForm('smartMeter'), wiring: '' })).toEqual({
      name: 'name is required',
      chName: 'chName is required',
      serial: 'serial is required',
      wiring: 'wiring is required',
    });
  });

  it('refuses serials the ingest cannot route and absurd frequencies', () => {
    const found = issues({
      ...emptyNodeForm(),
      name: 'M',
      chName: '表',
      serial: 'a/b',
      frequencyHz: '-5',
    });
    expect(found.serial).toMatch(/must not contain/);
    expect(found.frequencyHz).toMatch(/more than 0/);
    expect(
      issues({ ...emptyNodeForm(), name: 'M', chName: '表', serial: 'M1', frequencyHz: 'x' })
        .frequencyHz,
    ).toBeTruthy();
  });

  it('needs no serial or wiring for a virtual node', () => {
    expect(issues({ ...emptyNodeForm('virtual'), name: 'Hall', chName: '廠房' })).toEqual({});
  });

  it('turns a valid form into an Add request the contract accepts', () => {
    const meter = toNewNode({
      ...emptyNodeForm('smartMeter', '7'),
      name: ' M9 ',
      chName: '九號',
      serial: 'M-9',
      frequencyHz: '60',
      breakerType: '',
    });
    expect(meter).toEqual({
      type: 'smartMeter',
      parentId: 7,
      name: 'M9',
      chName: '九號',
      serial: 'M-9',
      wiring: 'a,b,c',
      breakerType: null,
      frequencyHz: 60,
      hasReverseKwh: false,
    });
    expect(adminNodeAddRequest.safeParse({ ...envelope, ...meter }).success).toBe(true);
    const hall = toNewNode({ ...emptyNodeForm('virtual'), name: 'Hall', chName: '廠房' });
    expect(hall).not.toHaveProperty('serial');
    expect(hall.parentId).toBeNull();
    expect(adminNodeAddRequest.safeParse({ ...envelope, ...hall }).success).toBe(true);
  });

  it('round-trips a node through the edit form into an Update request', () => {
    const form = nodeToForm({
      id: 4,
      parentId: null,
      type: 'circuit',
      name: 'Pump',
      chName: '泵',
      serial: 'C4',
      wiring: 'value',
      breakerType: 'MCB',
      frequencyHz: 50,
      hasReverseKwh: true,
      sortOrder: 0,
      retiredAt: null,
      createdAt: '2026-01-01T00:00:00Z',
      lastReadingAt: null,
    });
    expect(form.frequencyHz).toBe('50');
    const change = toNodeChange(4, { ...form, name: 'Pump 2', frequencyHz: '' });
    expect(change).toEqual({
      nodeId: 4,
      name: 'Pump 2',
      chName: '泵',
      breakerType: 'MCB',
      frequencyHz: null,
      hasReverseKwh: true,
      capacityKw: null,
    });
    expect(adminNodeUpdateRequest.safeParse({ ...envelope, ...change }).success).toBe(true);
  });
});
