// What other modules may use of the waste module: lint forbids reaching past this file.
// The waste finder (issue #27, docs/waste.md): POST /v1/Web/Waste/Findings
// (routes.ts) reads the points' quarter hours and the factory's calendar, then
// calls findWaste.
export { wasteRoutes } from './routes.ts';
export { findWaste, quartersFromRollups, type FindWasteInput } from './find-waste.ts';
export { DEMO_SHIFTS, shiftCalendar, type Shifts } from './calc/calendar.ts';
// The points judged (measured, nothing under them): anomaly events judge the same ones.
export { leafPoints } from './calc/leaf-points.ts';
export { findPointWaste, findWasteIn, type FindOptions } from './calc/find.ts';
export type { FinderContext, PointInput } from './calc/point-view.ts';
export { priceFinding, rankFindings, type PricedFinding } from './calc/rank.ts';
export { scoreFindings, type LabelledCase, type WasteScore } from './calc/score.ts';
export type { QuarterKw, WasteFinding, WasteKind, WorkingCalendar } from './calc/types.ts';
export { wasteFindingsOf, type WasteAnswer } from './week-findings.ts';
