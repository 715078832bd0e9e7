import { describe, expect, it } from 'vitest';
import { demandFormSchema, demandToForm, toDemandUpdate } from './demand-form';

const settings = {
  targetPercent: 95,
  autoShed: true,
  minOffMinutes: 5,
  maxOffMinutes: 30,
  restoreMarginPercent: 5,
  demandMailReceiverIds: [3],
};

describe('demand form', () => {
  it('round-trips the settings', () => {
    const parsed = demandFormSchema.parse(demandToForm(settings));
    expect(toDemandUpdate(parsed)).toEqual(settings);
  });

  it('names the field of a bad value', () => {
    const form = { ...demandToForm(settings), targetPercent: '0', maxOffMinutes: '2' };
    const result = demandFormSchema.safeParse(form);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('targetPercent');
  });

  it('refuses a minimum off time longer than the maximum', () => {
    const form = { ...demandToForm(settings), minOffMinutes: '40' };
    const result = demandFormSchema.safeParse(form);
    expect(result.error?.issues[0]?.path).toEqual(['minOffMinutes']);
  });

  it('refuses an empty field', () => {
    const result = demandFormSchema.safeParse({ ...demandToForm(settings), minOffMinutes: ' ' });
    expect(result.error?.issues[0]?.message).toBe('minOffMinutes is required');
  });
});
