import type { MeterTemplate } from '@wattboard/contract/meter-templates';
import { BusError, ModbusBus, ModbusExceptionError } from '../modbus/bus.ts';
import { readMeter } from '../modbus/read-meter.ts';
import { plausibleVoltage, presenceProbes, type ScanOptions, type UnitFinding } from './plan.ts';

/**
 * Tries each unit id in turn on one bus (one request at a time, a short timeout, no retries) and
 * reads the templates' L1 voltage register (scan/plan.ts). An id that does not answer the first
 * probe in time is taken as empty and not asked again. A port that cannot be opened ends the scan.
 */
export async function scanBus(
  options: ScanOptions,
  templates: ReadonlyMap<string, MeterTemplate>,
  onFound: (finding: UnitFinding) => void = () => undefined,
): Promise<UnitFinding[]> {
  const probes = presenceProbes(templates.values());
  if (probes.length === 0) throw new Error('no template to probe with');
  const bus = new ModbusBus({
    ...options.transport,
    timeoutMs: options.timeoutMs,
    retries: 0,
    gapMs: options.gapMs,
  });
  const found: UnitFinding[] = [];
  try {
    for (const unitId of options.ids) {
      const finding: UnitFinding = { unitId, candidates: [], exceptions: [], garbled: false };
      for (const probe of probes) {
        const template = templates.get(probe.templates[0]!)!;
        try {
          const read = await readMeter(bus, unitId, { ...template, registers: [probe.register] });
          const voltage = read.values.voltage_l1 ?? null;
          // A value no meter reports means another model's register answered: not this template.
          if (!plausibleVoltage(voltage)) continue;
          for (const t of probe.templates) finding.candidates.push({ template: t, voltage });
        } catch (error) {
          if (error instanceof ModbusExceptionError) {
            for (const t of probe.templates) {
              finding.exceptions.push({ template: t, code: error.code });
            }
          } else if (error instanceof BusError && error.kind === 'crc') {
            finding.garbled = true;
          } else if (error instanceof BusError && error.kind === 'timeout') {
            break; // nothing at this id
          } else {
            throw error; // the port or the connection: no id can be tried
          }
        }
      }
      if (finding.candidates.length || finding.exceptions.length || finding.garbled) {
        found.push(finding);
        onFound(finding);
      }
    }
  } finally {
    await bus.close();
  }
  return found;
}
