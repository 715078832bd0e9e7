import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { textFrame } from '../../src/modules/hub/frame.ts';

// ws exports its Sender, which @types/ws does not declare.
const { Sender } = createRequire(import.meta.url)('ws') as {
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
};

/** What ws itself puts on the wire for an unmasked server text message. */
function wsFrame(text: string): Buffer {
  const parts = Sender.frame(Buffer.from(text), {
    fin: true,
    rsv1: false,
    opcode: 1,
    mask: false,
    readOnly: false,
  });
  return Buffer.concat(parts);
}

describe('textFrame', () => {
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 70_000])(
    'frames %i bytes exactly as ws does (every header length)',
    (length) => {
      const text = 'x'.repeat(length);
      expect(textFrame(text).equals(wsFrame(text))).toBe(true);
    },
  );

  it('counts bytes, not characters, for non-ASCII text', () => {
    const text = '已登出，此連線已關閉。'.repeat(10);
    const frame = textFrame(text);
    expect(frame.equals(wsFrame(text))).toBe(true);
    expect(frame.subarray(frame.length - Buffer.byteLength(text)).toString('utf8')).toBe(text);
  });
});
