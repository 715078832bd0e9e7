import { describe, expect, it } from 'vitest';
import {
  defaultConsumptionForm,
  toggleWeekday,
  toSegmentInfo,
  validateConsumptionForm,
} from './consumption-form';

const form = defaultConsumptionForm({ startDate: '2026-11-01', endDate: '2026-11-21' });

describe('consumption form', () => {
  it('starts with the page range, the whole day and every weekday', () => {
    expect(form).toMatchObject({ startTime: '00:00', endTime: '00:00' });
    expect(form.weekdays).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(validateConsumptionForm(form)).toEqual({});
  });

  it('sends an end of 00:00 as 24:00 (the end of the day)', () => {
    expect(toSegmentInfo(form).timeRange).toEqual({ startTime: '00:00', endTime: '24:00' });
    const night = toSegmentInfo({ ...form, startTime: '22:00', endTime: '06:00' });
    expect(night.timeRange).toEqual({ startTime: '22:00', endTime: '06:00' });
  });

  it('names each problem by field', () => {
    expect(validateConsumptionForm({ ...form, endDate: '2026-10-31' })).toEqual({
      endDate: 'dateOrder',
    });
    expect(validateConsumptionForm({ ...form, startDate: '2026-02-30' })).toEqual({
      startDate: 'date',
    });
    expect(validateConsumptionForm({ ...form, startTime: '8:00' })).toEqual({ startTime: 'time' });
    expect(validateConsumptionForm({ ...form, startTime: '08:00', endTime: '08:00' })).toEqual({
      endTime: 'sameTime',
    });
    expect(validateConsumptionForm({ ...form, weekdays: [] })).toEqual({ weekdays: 'noWeekday' });
  });

  it('accepts quarter-hour times only, as the server does (issue #9)', () => {
    expect(validateConsumptionForm({ ...form, startTime: '17:45', endTime: '18:15' })).toEqual({});
    expect(validateConsumptionForm({ ...form, startTime: '17:50', endTime: '18:10' })).toEqual({
      startTime: 'quarter',
      endTime: 'quarter',
    });
    expect(validateConsumptionForm({ ...form, startTime: '17:44', endTime: '23:45' })).toEqual({
      startTime: 'quarter',
    });
  });

  it('reads an end of 23:59 or 23:59:59 as the end of the day, as the server does (issue #23)', () => {
    for (const endTime of ['23:59', '23:59:00', '23:59:59', '23:59:59.999']) {
      expect(validateConsumptionForm({ ...form, endTime }), endTime).toEqual({});
      expect(toSegmentInfo({ ...form, endTime }).timeRange, endTime).toEqual({
        startTime: '00:00',
        endTime: '24:00',
      });
    }
    const lastHour = { ...form, startTime: '23:00', endTime: '23:59' };
    expect(validateConsumptionForm(lastHour)).toEqual({});
    expect(toSegmentInfo(lastHour).timeRange).toEqual({ startTime: '23:00', endTime: '24:00' });
    expect(validateConsumptionForm({ ...form, startTime: '23:45', endTime: '23:59:59' })).toEqual(
      {},
    );
  });

  it('keeps 23:59 off the grid as a start, and other near-midnight ends too', () => {
    expect(validateConsumptionForm({ ...form, startTime: '23:59', endTime: '23:59' })).toEqual({
      startTime: 'quarter',
    });
    expect(validateConsumptionForm({ ...form, startTime: '23:59:59' })).toEqual({
      startTime: 'time',
    });
    for (const endTime of ['23:58', '23:44', '00:01']) {
      expect(validateConsumptionForm({ ...form, endTime }), endTime).toEqual({
        endTime: 'quarter',
      });
    }
    for (const endTime of ['23:59:30', '23:58:59', '23:59:00.5', '23:5', '24:01', '']) {
      expect(validateConsumptionForm({ ...form, endTime }), endTime).toEqual({ endTime: 'time' });
    }
  });

  it('keeps weekdays Sunday first whatever order they were ticked in', () => {
    const picked = toggleWeekday(toggleWeekday([], 'Sat'), 'Mon');
    expect(picked).toEqual(['Mon', 'Sat']);
    expect(toggleWeekday(picked, 'Sat')).toEqual(['Mon']);
    expect(toSegmentInfo({ ...form, weekdays: ['Sat', 'Sun'] }).weekdays).toEqual(['Sun', 'Sat']);
  });
});

describe('the consumption range limit', () => {
  it('refuses more than 366 days before sending (issue #23)', () => {
    const base = defaultConsumptionForm({ startDate: '2025-11-21', endDate: '2026-11-21' });
    expect(validateConsumptionForm(base)).toEqual({});
    expect(validateConsumptionForm({ ...base, startDate: '2025-11-20' })).toEqual({
      endDate: 'tooLong',
    });
  });
});
