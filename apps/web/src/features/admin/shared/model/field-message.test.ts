import { describe, expect, it } from 'vitest';
import { fieldMessage } from './field-message';

describe('fieldMessage', () => {
  it('maps the contract messages to translated kinds with their limits', () => {
    expect(fieldMessage('username is required')).toEqual({ key: 'admin.validation.required' });
    expect(fieldMessage('name is at most 100 characters')).toEqual({
      key: 'admin.validation.tooLong',
      values: { max: '100' },
    });
    expect(fieldMessage('newPassword must be at least 8 characters')).toEqual({
      key: 'admin.validation.tooShort',
      values: { min: '8' },
    });
    expect(fieldMessage('email must be a valid e-mail address')).toEqual({
      key: 'admin.validation.email',
    });
    expect(fieldMessage('co2Factor must be 0 or more')).toEqual({
      key: 'admin.validation.atLeast',
      values: { min: '0' },
    });
    expect(fieldMessage('co2Factor must be at most 5 kg/kWh')).toEqual({
      key: 'admin.validation.atMost',
      values: { max: '5' },
    });
    expect(fieldMessage('contractCapacityKw must be more than 0')).toEqual({
      key: 'admin.validation.greaterThan',
      values: { min: '0' },
    });
    expect(fieldMessage('serial must not contain spaces, "/", "#" or "+"')).toEqual({
      key: 'admin.validation.serialCharacters',
    });
    expect(fieldMessage('must not contain control characters (such as NUL)')).toEqual({
      key: 'admin.validation.controlCharacters',
    });
    expect(fieldMessage('to must not be before from')).toEqual({ key: 'admin.validation.order' });
    expect(fieldMessage('meterReadingDay must be a whole day of the month')).toEqual({
      key: 'admin.validation.wholeNumber',
    });
    expect(fieldMessage('accountNumber may hold only digits, spaces and dashes')).toEqual({
      key: 'admin.validation.accountNumber',
    });
    expect(fieldMessage('to must be within 400 days of from')).toEqual({
      key: 'admin.validation.rangeDays',
      values: { max: '400' },
    });
    expect(fieldMessage('Expected a date as yyyy-MM-dd')).toEqual({ key: 'admin.validation.date' });
    // The contract's LINE key messages (issue #28), as the Save call's schema words them.
    expect(
      fieldMessage(
        'lineChannelToken must be a channel access token (20 to 1000 characters, no spaces)',
      ),
    ).toEqual({ key: 'admin.validation.lineChannelToken' });
    expect(fieldMessage('lineChannelSecret must be a channel secret (letters and digits)')).toEqual(
      { key: 'admin.validation.lineChannelSecret' },
    );
    // The working hours' messages (decision 0091).
    expect(fieldMessage('to must be after from')).toEqual({ key: 'admin.validation.periodOrder' });
    expect(fieldMessage('saturday: periods must not overlap')).toEqual({
      key: 'admin.validation.periodsOverlap',
    });
    expect(
      fieldMessage('Expected a time of day on a quarter hour as HH:mm (00:00 to 24:00)'),
    ).toEqual({ key: 'admin.validation.quarterClock' });
    expect(fieldMessage('weekday has at most 6 periods')).toEqual({
      key: 'admin.validation.periodsMax',
      values: { max: '6' },
    });
  });

  it('is null without a message and "invalid" for anything unknown', () => {
    expect(fieldMessage(undefined)).toBeNull();
    expect(fieldMessage('')).toBeNull();
    expect(fieldMessage('Invalid input: expected number')).toEqual({
      key: 'admin.validation.invalid',
    });
  });
});
