/**
 * WebSocket text frames built once per message (RFC 6455 § 5.2), for the fan-out:
 * an event going to 5,000 connections is encoded to UTF-8 and framed once, and
 * each socket gets the same Buffer in a single write, where ws's send() would
 * encode the text, allocate a header and cork a two-part write per socket.
 * Server frames are never masked.
 */

/** FIN set, opcode 1 (text). */
const FIN_TEXT = 0x81;

/** One complete unmasked text frame carrying `text`. */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, headerLength, 'utf8');
  return frame;
}
