import { adminFactoryUpdateRequest } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { factoryFormSchema, factoryToForm, toFactoryUpdate } from './factory-form';

const FACTORY = {
  id: 1,
  slug: 'demo',
  name: 'Demo plant',
  nameZh: '示範工廠',
  timeZone: 'Asia/Taipei',
  co2Factor: 0.474,
  contractCapacityKw: 500,
};
const issues = (values: unknown) => {
  const result = factoryFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('factory form', () => {
  it('round-trips the factory into an Update request the contract accepts', () => {
    const form = factoryToForm(FACTORY);
    expect(issues(form)).toEqual({});
    const update = toFactoryUpdate(form);
    expect(update).toEqual({
      name: 'Demo plant',
      nameZh: '示範工廠',
      timeZone: 'Asia/Taipei',
      co2Factor: 0.474,
      contractCapacityKw: 500,
    });
    const envelope = { email: 'a@b.cd', action: '/v1/Admin/Factory/Update', token: 't' };
    expect(adminFactoryUpdateRequest.safeParse({ ...envelope, ...update }).success).toBe(true);
  });

  it('reads a blank contract capacity as none', () => {
    const form = { ...factoryToForm({ ...FACTORY, contractCapacityKw: null }) };
    expect(form.contractCapacityKw).toBe('');
    expect(issues(form)).toEqual({});
    expect(toFactoryUpdate(form).contractCapacityKw).toBeNull();
  });

  it('names every field that is wrong with the contract message', () => {
    const found = issues({
      name: ' ',
      nameZh: '',
      timeZone: 'Mars/Olympus',
      co2Factor: '6',
      contractCapacityKw: '0',
    });
    expect(found).toEqual({
      name: 'name is required',
      nameZh: 'nameZh is required',
      timeZone: 'Expected an IANA time zone',
      co2Factor: 'co2Factor must be at most 5 kg/kWh',
      contractCapacityKw: 'contractCapacityKw must be more than 0',
    });
    expect(issues({ ...factoryToForm(FACTORY), co2Factor: 'abc' }).co2Factor).toBeTruthy();
    expect(issues({ ...factoryToForm(FACTORY), co2Factor: '-1' }).co2Factor).toBe(
      'co2Factor must be 0 or more',
    );
  });
});
