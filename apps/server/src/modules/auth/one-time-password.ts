import { randomInt } from 'node:crypto';

/** No 0/O, 1/l/I: read aloud or copied by hand without mistakes. */
export const OTP_ALPHABET = 'abcdefghijkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY23456789';
export const OTP_GROUPS = 4;
export const OTP_GROUP_LENGTH = 4;

/**
 * A one-time password: 4 groups of 4 characters joined by '-' (19 characters,
 * about 91 bits), well over the sign-in's 8-character minimum.
 */
export function generateOneTimePassword(random: (max: number) => number = randomInt): string {
  const groups: string[] = [];
  for (let g = 0; g < OTP_GROUPS; g += 1) {
    let group = '';
    for (let i = 0; i < OTP_GROUP_LENGTH; i += 1)
      group += OTP_ALPHABET[random(OTP_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}
