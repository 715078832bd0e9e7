// What other modules may use of the demo module: lint forbids reaching past this file.
export { seedDemo } from './repo/seed.ts';
export { demoSeedPlugin } from './plugin.ts';
