import { describe, expect, it } from 'vitest';
import { ingestInstructions } from '../../src/modules/ingest/ingest-instructions.ts';

describe('ingest instructions', () => {
  it('post one reading of the meter with its wiring, the key in place', () => {
    const text = ingestInstructions({
      origin: 'http://10.0.0.5:3000',
      factoryId: 7,
      meter: { serial: 'WB-9', wiring: 'l1,l2' },
      key: 'k3y',
    });
    expect(text.httpUrl).toBe('http://10.0.0.5:3000/v1/Ingest/Readings');
    expect(text.httpCommand).toContain("'Authorization: Bearer k3y'");
    expect(text.httpCommand).toContain('"phases":{"l1":{');
    expect(text.httpCommand).toContain('"l2":{');
    expect(text.httpCommand).toContain('"$(date -u +%Y-%m-%dT%H:%M:%SZ)"');
    expect(text.mqttTopic).toBe('wattboard/7/meter/WB-9/reading');
  });

  it('use a placeholder key and serial, and quote a serial with a quote for the shell', () => {
    expect(
      ingestInstructions({ origin: 'http://h', factoryId: 1, meter: null }).httpCommand,
    ).toContain('Bearer <KEY>');
    const quoted = ingestInstructions({
      origin: 'http://h',
      factoryId: 1,
      meter: { serial: "O'Neil", wiring: 'value' },
    });
    expect(quoted.httpCommand).toContain(`"serial":"O'"'"'Neil"`);
  });
});
