export * from './registers.ts';
export * from './scale.ts';
