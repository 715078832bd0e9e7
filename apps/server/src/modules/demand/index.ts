// What other modules may use of the demand module: lint forbids reaching past this file.
export { demandDiaryEntries } from './repo/diary.ts';
export { runDemandStep } from './step.ts';
