import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  EMPTY_MAPPING,
  importBlocker,
  mappingForm,
  mappingOf,
  settingsFields,
} from './import-form';

describe('the mapping form', () => {
  it("holds the server's guess and gives back only the chosen columns", () => {
    const form = mappingForm({ time: 'Time', kwh: 'kWh', serial: 'Meter' });
    expect(form).toEqual({ ...EMPTY_MAPPING, time: 'Time', kwh: 'kWh', serial: 'Meter' });
    expect(mappingOf(form)).toEqual({ time: 'Time', kwh: 'kWh', serial: 'Meter' });
    expect(mappingForm(null)).toEqual(EMPTY_MAPPING);
  });

  it('needs time and kWh, then a serial column or a meter', () => {
    expect(mappingOf({ ...EMPTY_MAPPING, time: 'Time' })).toBeNull();
    expect(importBlocker({ ...EMPTY_MAPPING, time: 'Time' }, DEFAULT_SETTINGS)).toBe(
      'admin.import.needMapping',
    );
    const noSerial = mappingForm({ time: 'Time', kwh: 'kWh' });
    expect(importBlocker(noSerial, DEFAULT_SETTINGS)).toBe('admin.import.needMeter');
    expect(importBlocker(noSerial, { ...DEFAULT_SETTINGS, meterSerial: 'WB-M01' })).toBeNull();
  });

  it('sends interval options for interval files and the meter only without a serial column', () => {
    const settings = { ...DEFAULT_SETTINGS, meterSerial: 'WB-M01' };
    expect(settingsFields(settings, mappingForm({ time: 'T', kwh: 'E' }))).toEqual({
      format: 'readings',
      meterSerial: 'WB-M01',
    });
    expect(
      settingsFields(
        { ...settings, format: 'interval', intervalMinutes: 30, intervalTime: 'start' },
        mappingForm({ time: 'T', kwh: 'E', serial: 'S' }),
      ),
    ).toEqual({ format: 'interval', intervalMinutes: 30, intervalTime: 'start' });
  });
});
