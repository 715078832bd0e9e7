/**
 * Modbus register values → numbers (issue #25). A Modbus register is 16 bits; wider values span
 * consecutive registers, and meters disagree on the order: most send the high word first ("big"
 * word order, ABCD), some the low word first ("little", CDAB), and a few also swap the two bytes
 * of each word (BADC / DCBA). Everything here is pure: registers in, number out.
 */

import { registerCount, type RegisterType } from '@wattboard/contract/meter-templates';

// The register types and their widths are the template format's (shared with the server).
export { registerCount, type RegisterType };

export type WordOrder = 'big' | 'little';

export interface RegisterFormat {
  type: RegisterType;
  /** Which word comes first: "big" = most significant word first (ABCD). */
  wordOrder: WordOrder;
  /** Whether the two bytes inside each word are swapped (BADC, or DCBA with little word order). */
  byteSwap: boolean;
}

/** A value the meter sent that is not a usable number (NaN pattern, beyond 2^53 …). */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

/**
 * The value's bytes in canonical big-endian order (most significant byte first), whatever the
 * meter's word and byte order. Throws when the register count does not match the type.
 */
export function canonicalBytes(words: readonly number[], format: RegisterFormat): Buffer {
  const width = registerCount(format.type);
  if (words.length !== width) {
    throw new DecodeError(`${format.type} needs ${width} register(s), got ${words.length}`);
  }
  const ordered = format.wordOrder === 'big' ? words : [...words].reverse();
  const bytes = Buffer.alloc(width * 2);
  ordered.forEach((word, i) => {
    if (!Number.isInteger(word) || word < 0 || word > 0xffff) {
      throw new DecodeError(`register value ${word} is not a 16-bit word`);
    }
    const hi = word >> 8;
    const lo = word & 0xff;
    bytes[i * 2] = format.byteSwap ? lo : hi;
    bytes[i * 2 + 1] = format.byteSwap ? hi : lo;
  });
  return bytes;
}

/**
 * The decoded number. 64-bit integers are read exactly as a BigInt and returned only when they fit
 * a double without rounding (|v| ≤ 2^53 − 1); anything larger throws instead of silently becoming
 * a neighbouring value. 2^53 Wh is 9 × 10^12 kWh, far beyond any counter the server accepts
 * (10^12), so refusing costs nothing real and a corrupt read never becomes a plausible one.
 * A float32 NaN or ±Infinity pattern throws too: meters use them for "not available".
 */
export function decodeRegisters(words: readonly number[], format: RegisterFormat): number {
  const bytes = canonicalBytes(words, format);
  switch (format.type) {
    case 'int16':
      return bytes.readInt16BE(0);
    case 'uint16':
      return bytes.readUInt16BE(0);
    case 'int32':
      return bytes.readInt32BE(0);
    case 'uint32':
      return bytes.readUInt32BE(0);
    case 'float32': {
      const value = bytes.readFloatBE(0);
      if (!Number.isFinite(value)) {
        throw new DecodeError(`float32 ${bytes.toString('hex')} is ${value}, not a measurement`);
      }
      return value;
    }
    case 'int64':
      return safeInteger(bytes.readBigInt64BE(0));
    case 'uint64':
      return safeInteger(bytes.readBigUInt64BE(0));
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function safeInteger(value: bigint): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new DecodeError(`64-bit value ${value} is beyond 2^53 and cannot be kept exactly`);
  }
  return Number(value);
}
