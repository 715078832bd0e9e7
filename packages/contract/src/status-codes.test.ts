import { describe, expect, it } from 'vitest';
import { StatusCode, statusCodeName, statusCodeSchema } from './status-codes.ts';

/** The original catalogue, exactly as written (including the spelling "EMailAlreadRegistered"). */
const catalogue: [number, string][] = [
  [200, 'OK'],
  [201, 'Fail'],
  [1000, 'UserAlreadyExisted'],
  [1001, 'UserNotFound'],
  [1002, 'EMailOrPasswordError'],
  [1003, 'PhoneAlreadyExisted'],
  [1004, 'OTPCodeError'],
  [1005, 'EMailAlreadRegistered'],
  [1006, 'EMailCodeError'],
  [1007, 'TokenExpired'],
  [1008, 'FactoryNotFound'],
  [1009, 'IoTDeviceNotFound'],
  [1010, 'SmartMeterNotFound'],
  [1011, 'DataNotFound'],
  [1100, 'WSActionNotFound'],
];

/** Wattboard's additions after the original codes (issue #13). */
const additions: [number, string][] = [[1012, 'PasswordChangeRequired']];

describe('statusCode catalogue', () => {
  it('holds exactly the 15 original codes, then the additions', () => {
    expect(Object.entries(StatusCode).map(([name, code]) => [code, name])).toEqual([
      ...catalogue,
      ...additions,
    ]);
  });

  it.each([...catalogue, ...additions])('%d is %s', (code, name) => {
    expect(statusCodeName(code)).toBe(name);
    expect(statusCodeSchema.parse(code)).toBe(code);
  });

  it('rejects codes outside the catalogue', () => {
    expect(statusCodeName(404)).toBeUndefined();
    expect(statusCodeSchema.safeParse(404).success).toBe(false);
    expect(statusCodeSchema.safeParse('200').success).toBe(false);
  });
});
