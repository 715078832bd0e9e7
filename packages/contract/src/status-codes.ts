import { z } from 'zod';

/** Response statusCode catalogue (docs/product/api-conventions.md, Status codes). */
export const StatusCode = {
  OK: 200,
  Fail: 201,
  UserAlreadyExisted: 1000,
  UserNotFound: 1001,
  EMailOrPasswordError: 1002,
  PhoneAlreadyExisted: 1003,
  OTPCodeError: 1004,
  EMailAlreadRegistered: 1005,
  EMailCodeError: 1006,
  TokenExpired: 1007,
  FactoryNotFound: 1008,
  IoTDeviceNotFound: 1009,
  SmartMeterNotFound: 1010,
  DataNotFound: 1011,
  WSActionNotFound: 1100,
  /**
   * Wattboard's addition (issue #13), not in the original catalogue: the account still has a
   * one-time password; only account, change-password and sign-out answer
   * (HTTP 403) until the user chooses a new one.
   */
  PasswordChangeRequired: 1012,
} as const;

export type StatusCodeName = keyof typeof StatusCode;
export type StatusCodeValue = (typeof StatusCode)[StatusCodeName];

const codes = Object.values(StatusCode) as [StatusCodeValue, ...StatusCodeValue[]];

/** Any catalogued statusCode. */
export const statusCodeSchema = z.union(
  codes.map((c) => z.literal(c)),
) as z.ZodType<StatusCodeValue>;

export function statusCodeName(code: number): StatusCodeName | undefined {
  return (Object.keys(StatusCode) as StatusCodeName[]).find((k) => StatusCode[k] === code);
}
