import { RENEWABLE_CERTIFICATE_MAX_KWH } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { fieldMessage } from '@/features/admin/shared/model/field-message';
import {
  certificateFieldRefusal,
  certificateFormSchema,
  certificatesToForm,
  toCertificateSave,
} from './certificate-form';

const messages = (kwh: string, note = '') => {
  const result = certificateFormSchema.safeParse({ kwh, note });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('T-REC certificates form', () => {
  it('takes 0 (removes) up to the contract’s maximum, trimmed', () => {
    expect(messages('0')).toEqual([]);
    expect(messages(' 120000 ')).toEqual([]);
    expect(messages('1234.5')).toEqual([]);
    expect(messages(String(RENEWABLE_CERTIFICATE_MAX_KWH))).toEqual([]);
  });

  it('refuses what the server would, with the contract’s messages', () => {
    expect(messages('')).toEqual(['kwh is required']);
    expect(messages('  ')).toEqual(['kwh is required']);
    expect(messages('-1')).toEqual(['kwh must be 0 or more']);
    expect(messages(String(RENEWABLE_CERTIFICATE_MAX_KWH + 1))).toEqual([
      `kwh must be at most ${RENEWABLE_CERTIFICATE_MAX_KWH}`,
    ]);
    expect(messages('lots')).toHaveLength(1);
    expect(messages('1', 'x'.repeat(301))).toEqual(['note is at most 300 characters']);
    expect(messages('1', 'x'.repeat(300))).toEqual([]);
    expect(messages('1', 'two\nlines')).toHaveLength(1);
  });

  it('maps each message to a translated field message', () => {
    expect(fieldMessage(messages('-1')[0])).toEqual({
      key: 'admin.validation.atLeast',
      values: { min: '0' },
    });
    expect(fieldMessage(messages('1', 'x'.repeat(301))[0])).toEqual({
      key: 'admin.validation.tooLong',
      values: { max: '300' },
    });
  });

  it('fills the form from the year’s certificates and sends trimmed fields', () => {
    expect(certificatesToForm({ kwh: 0, note: '' })).toEqual({ kwh: '', note: '' });
    expect(certificatesToForm({ kwh: 120000, note: 'TW-2025-1' })).toEqual({
      kwh: '120000',
      note: 'TW-2025-1',
    });
    expect(toCertificateSave(2025, { kwh: ' 120000.5 ', note: ' Seller A ' })).toEqual({
      year: 2025,
      kwh: 120000.5,
      note: 'Seller A',
    });
  });

  it('finds the field a 400 names, and nothing in other refusals', () => {
    const refused = (message: string, httpStatus = 400) =>
      certificateFieldRefusal(new ApiError({ statusCode: 201, message, httpStatus }));
    expect(refused('kwh: kwh must be at most 10000000000')).toEqual({
      field: 'kwh',
      message: 'kwh must be at most 10000000000',
    });
    expect(
      refused('year: year must be 2100 or earlier; note: note is at most 300 characters'),
    ).toEqual({ field: 'note', message: 'note is at most 300 characters' });
    expect(refused('year: year must be 2100 or earlier')).toBeNull();
    expect(refused('kwh: kwh must be 0 or more', 200)).toBeNull();
    expect(certificateFieldRefusal(new Error('network'))).toBeNull();
  });
});
