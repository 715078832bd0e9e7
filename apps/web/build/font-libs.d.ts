// The font tools build/ui-font.ts uses ship no types of their own; these are the calls it makes.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype' },
  ): Promise<Buffer>;
}
declare module 'fontverter' {
  export function convert(font: Buffer, format: 'sfnt' | 'woff' | 'woff2'): Promise<Buffer>;
}
