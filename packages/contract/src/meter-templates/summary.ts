import type { Wiring } from '../ingest.ts';
import { WIRING_PHASE_KEYS } from '../ingest.ts';
import type { MeterTemplate } from './schema.ts';

/** What the Admin page shows of a template, and what a gateway meter's checks need. */
export interface MeterTemplateSummary {
  id: string;
  manufacturer: string;
  model: string;
  phases: 1 | 3;
}

export function summarizeTemplate(t: MeterTemplate): MeterTemplateSummary {
  return { id: t.id, manufacturer: t.manufacturer, model: t.model, phases: t.phases };
}

/**
 * Why a template cannot feed a node of this wiring, or null. The gateway fills the wiring's phase
 * keys from the template's L1..L3 in order, so it needs as many phases as the wiring names; the
 * templates map line-to-neutral voltages, so delta (ab,bc,ca) is refused for now.
 */
export function templateWiringProblem(
  template: Pick<MeterTemplateSummary, 'id' | 'phases'>,
  wiring: Wiring,
): string | null {
  if (wiring === 'ab,bc,ca') {
    return 'Delta wiring (ab,bc,ca) cannot be fed by a gateway meter yet: the templates map line-to-neutral voltages.';
  }
  const needed = WIRING_PHASE_KEYS[wiring].length;
  if (needed > template.phases) {
    return `Template ${template.id} measures ${template.phases} phase(s); wiring ${wiring} needs ${needed}.`;
  }
  return null;
}
