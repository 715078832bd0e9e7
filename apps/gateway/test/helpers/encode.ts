import { registerCount, type RegisterFormat } from '../../src/decode/registers.ts';

/**
 * The inverse of decodeRegisters, for building a meter's register image in tests. The decoder is
 * also pinned by hand-written words from the manuals' examples (decode.test.ts), so an error
 * shared by both directions would still fail there.
 */
export function encodeRegisters(value: number | bigint, format: RegisterFormat): number[] {
  const width = registerCount(format.type);
  const bytes = Buffer.alloc(width * 2);
  switch (format.type) {
    case 'int16':
      bytes.writeInt16BE(Number(value));
      break;
    case 'uint16':
      bytes.writeUInt16BE(Number(value));
      break;
    case 'int32':
      bytes.writeInt32BE(Number(value));
      break;
    case 'uint32':
      bytes.writeUInt32BE(Number(value));
      break;
    case 'float32':
      bytes.writeFloatBE(Number(value));
      break;
    case 'int64':
      bytes.writeBigInt64BE(BigInt(value));
      break;
    case 'uint64':
      bytes.writeBigUInt64BE(BigInt(value));
      break;
  }
  const words: number[] = [];
  for (let i = 0; i < width; i++) {
    const [hi, lo] = [bytes[i * 2]!, bytes[i * 2 + 1]!];
    words.push(format.byteSwap ? (lo << 8) | hi : (hi << 8) | lo);
  }
  return format.wordOrder === 'big' ? words : words.reverse();
}
