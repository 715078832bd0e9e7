import { registerCount } from '../../src/decode/registers.ts';
import type { Quantity, TemplateDefinition } from '@wattboard/contract/meter-templates';
import { encodeRegisters } from './encode.ts';
import { emptyImage, type UnitImage } from './modbus-server.ts';

/**
 * A meter's register image from raw values (in the register's own unit and scale), encoded with
 * the template's own type and word/byte order.
 */
export function templateImage(
  template: TemplateDefinition,
  raw: Partial<Record<Quantity, number | bigint>>,
): UnitImage {
  const image = emptyImage();
  for (const r of template.registers) {
    const value = raw[r.quantity];
    if (value === undefined) continue;
    const words = encodeRegisters(value, r);
    if (words.length !== registerCount(r.type)) throw new Error('encoder width');
    words.forEach((w, i) => image[r.functionCode].set(r.address + i, w));
  }
  return image;
}

/** Fills the addresses between `from` and `to` with zeros (registers the manual lists but we skip). */
export function fillZeros(image: UnitImage, fc: 3 | 4, from: number, to: number): UnitImage {
  for (let a = from; a <= to; a++) if (!image[fc].has(a)) image[fc].set(a, 0);
  return image;
}
