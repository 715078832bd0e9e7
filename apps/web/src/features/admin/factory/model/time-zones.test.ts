import { describe, expect, it } from 'vitest';
import { allTimeZones, searchTimeZones, utcOffsetLabel } from './time-zones';

const JAN = new Date('2026-01-15T12:00:00Z');
const JUL = new Date('2026-07-15T12:00:00Z');
const ZONES = [
  'America/New_York',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'UTC',
];

describe('time zones', () => {
  it('lists the browser zones and always UTC', () => {
    const zones = allTimeZones();
    expect(zones).toContain('Asia/Taipei');
    expect(zones).toContain('UTC');
  });

  it('labels offsets, including half hours, DST and UTC', () => {
    expect(utcOffsetLabel('Asia/Taipei', JAN)).toBe('+08:00');
    expect(utcOffsetLabel('Asia/Kolkata', JAN)).toBe('+05:30');
    expect(utcOffsetLabel('Europe/Berlin', JAN)).toBe('+01:00');
    expect(utcOffsetLabel('Europe/Berlin', JUL)).toBe('+02:00');
    expect(utcOffsetLabel('America/New_York', JAN)).toBe('-05:00');
    expect(utcOffsetLabel('UTC', JAN)).toBe('+00:00');
    expect(utcOffsetLabel('Not/AZone', JAN)).toBeNull();
  });

  it('finds zones by city, region, words with underscores and offset, in any case', () => {
    expect(searchTimeZones(ZONES, 'taipei', JAN)).toEqual(['Asia/Taipei']);
    expect(searchTimeZones(ZONES, 'new york', JAN)).toEqual(['America/New_York']);
    expect(searchTimeZones(ZONES, 'lord how', JAN)).toEqual(['Australia/Lord_Howe']);
    expect(searchTimeZones(ZONES, '+05:30', JAN)).toEqual(['Asia/Kolkata']);
    expect(searchTimeZones(ZONES, 'ASIA', JAN)).toEqual([
      'Asia/Kolkata',
      'Asia/Taipei',
      'Asia/Tokyo',
    ]);
  });

  it('puts cities starting with the query first', () => {
    // Toronto and Tokyo start with "to"; Stockholm only contains it.
    const found = searchTimeZones([...ZONES, 'America/Toronto', 'Europe/Stockholm'], 'to', JAN);
    expect(found.slice(0, 2)).toEqual(['America/Toronto', 'Asia/Tokyo']);
    expect(found).toContain('Europe/Stockholm');
  });

  it('returns everything (up to the limit) for an empty query and nothing for no match', () => {
    expect(searchTimeZones(ZONES, '  ', JAN)).toEqual(ZONES);
    expect(searchTimeZones(ZONES, '', JAN, 2)).toEqual(ZONES.slice(0, 2));
    expect(searchTimeZones(ZONES, 'atlantis', JAN)).toEqual([]);
  });
});
