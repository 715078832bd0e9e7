/** The messages of the two "not found" outcomes every data call shares (statusCode 1008 and 1009). */

export const FACTORY_NOT_FOUND_MESSAGE = 'Factory not found.';

export function deviceNotFoundMessage(deviceId: number): string {
  return `Monitoring point ${deviceId} was not found in this factory.`;
}
