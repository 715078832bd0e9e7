// What other modules may use of the overview module: lint forbids reaching past this file.
export { leafIds } from './calc/detect-line.ts';
export type { DemandBlock } from './calc/diary-demand.ts';
export { kw } from './calc/diary-texts.ts';
export { factoryFigures } from './repo/factory-context.ts';
