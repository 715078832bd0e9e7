// What other modules may use of the report module: lint forbids reaching past this file.
export { intervalStarts } from './calc/energy-intervals.ts';
