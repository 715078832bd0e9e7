import { describe, expect, it } from 'vitest';
import {
  classifyFailure,
  clockOffsetMs,
  newMeterHealth,
  recordError,
  recordGood,
  toReport,
} from '../src/health/meter-health.ts';
import { BusError, ModbusExceptionError } from '../src/modbus/bus.ts';

const at = new Date('2026-11-28T10:00:00Z');

describe('meter health counters', () => {
  it('counts each kind, exceptions by code, and keeps the last good poll and error', () => {
    let h = newMeterHealth();
    h = recordGood(h, at);
    h = recordError(h, { kind: 'timeout', message: 'no answer' }, at);
    h = recordError(h, { kind: 'exception', code: 2, message: 'illegal address' }, at);
    h = recordError(h, { kind: 'exception', code: 2, message: 'illegal address' }, at);
    h = recordError(h, { kind: 'exception', code: 11, message: 'no target' }, at);
    h = recordError(h, { kind: 'crc', message: 'CRC error' }, at);
    const later = new Date(at.getTime() + 1000);
    h = recordError(h, { kind: 'connection', message: 'refused' }, later);
    expect(h.errors).toEqual({ timeout: 1, crc: 1, connection: 1, exception: { 2: 2, 11: 1 } });
    expect(h.lastGoodAt).toEqual(at);
    expect(h.lastErrorAt).toEqual(later);
    expect(h.lastError).toBe('refused');
  });

  it('never changes the health it is given (the report may be reading it)', () => {
    const before = newMeterHealth();
    recordError(before, { kind: 'exception', code: 4, message: 'x' }, at);
    expect(before.errors.exception).toEqual({});
  });

  it('keeps a non-bus failure as the last error without counting it', () => {
    const h = recordError(newMeterHealth(), { kind: null, message: 'kw: too large' }, at);
    expect(h.errors).toEqual({ timeout: 0, crc: 0, connection: 0, exception: {} });
    expect(h.lastError).toBe('kw: too large');
  });

  it('cuts a long message to what the server keeps', () => {
    const h = recordError(newMeterHealth(), { kind: 'timeout', message: 'x'.repeat(900) }, at);
    expect(h.lastError).toHaveLength(500);
    const nul = recordError(newMeterHealth(), { kind: 'crc', message: 'a\u0000b' }, at);
    expect(nul.lastError).toBe('a b');
  });

  it('classifies the bus errors by their tag', () => {
    expect(classifyFailure(new ModbusExceptionError(2, 'e'))).toEqual({
      kind: 'exception',
      code: 2,
    });
    expect(classifyFailure(new BusError('timeout', 't'))).toEqual({ kind: 'timeout' });
    expect(classifyFailure(new BusError('crc', 'c'))).toEqual({ kind: 'crc' });
    expect(classifyFailure(new Error('decode'))).toBeNull();
    expect(classifyFailure(undefined)).toBeNull();
  });

  it('reports ISO times and null before any poll', () => {
    expect(toReport('S1', newMeterHealth())).toEqual({
      serial: 'S1',
      lastGoodAt: null,
      lastErrorAt: null,
      lastError: null,
      errors: { timeout: 0, crc: 0, connection: 0, exception: {} },
    });
    expect(toReport('S1', recordGood(newMeterHealth(), at)).lastGoodAt).toBe(at.toISOString());
  });

  it('measures the clock offset against the middle of the round trip', () => {
    // Sent at 1000, answered at 1100 by a server whose clock read 8050: we are 7 s behind.
    expect(clockOffsetMs(1000, 1100, 8050)).toBe(-7000);
    expect(clockOffsetMs(1000, 1000, 1000)).toBe(0);
  });
});
