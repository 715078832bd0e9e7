import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminGatewayCreateResponse,
  adminGatewayMeterListResponse,
  adminTemplateListResponse,
  adminTemplateSaveResponse,
  EXAMPLE_TEMPLATE,
  GATEWAY_METER_MESSAGES,
  USER_TEMPLATE_MESSAGES,
} from '@wattboard/contract';
import { gatewayConfigResponse } from '@wattboard/contract/gateway-config';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const LIST = '/v1/Admin/Gateway/Template/List';
const SAVE = '/v1/Admin/Gateway/Template/Save';
const REMOVE = '/v1/Admin/Gateway/Template/Remove';
const tcp = { kind: 'tcp', host: '192.168.10.20', port: 502 };
/** Three phases, so it can feed the demo's a,b,c meters. */
const threePhase = {
  ...EXAMPLE_TEMPLATE,
  model: 'PM-3',
  phases: 3,
  registers: [1, 2, 3].flatMap((n) => [
    { quantity: `voltage_l${n}`, functionCode: 4, address: n * 2, type: 'float32', unit: 'V' },
    { quantity: `current_l${n}`, functionCode: 4, address: 10 + n * 2, type: 'float32', unit: 'A' },
    { quantity: `kw_l${n}`, functionCode: 4, address: 20 + n * 2, type: 'int16', multiplier: 10, unit: 'W' },
  ]),
}; // prettier-ignore

describe.each(backends)('Admin-defined meter templates on %s', (backend) => {
  let f: AdminFixture;
  let gatewayId: number;
  let key: string;
  let meterNode: number;

  beforeAll(async () => {
    f = await startAdminFixture(backend, { SIMULATOR: 'off' });
    const created = adminGatewayCreateResponse.parse(
      (await f.call('/v1/Admin/Gateway/Create', f.adminToken, { name: 'Panel 1' })).json(),
    );
    gatewayId = created.gateway.id;
    key = created.key;
    const [node] = await f.t.testDb.db.query<{ id: number }>(
      `SELECT id FROM nodes WHERE factory_id = $1 AND type = 'smartMeter' AND serial IS NOT NULL
         AND wiring = 'a,b,c' ORDER BY id LIMIT 1`,
      [f.demoFactory],
    );
    meterNode = node!.id;
  });
  afterAll(() => f.close());

  const pull = async () =>
    gatewayConfigResponse.parse(
      (
        await f.t.app.inject({
          method: 'GET',
          url: '/v1/Gateway/Config',
          headers: { authorization: `Bearer ${key}` },
        })
      ).json(),
    );
  const saveMeter = (template: string, meterId: number | null = null) =>
    f.call('/v1/Admin/Gateway/Meter/Save', f.adminToken, {
      gatewayId, meterId, nodeId: meterNode, transport: tcp, unitId: 1, template, pollIntervalMs: 1000,
    }); // prettier-ignore

  it('saves, lists, feeds a gateway meter, travels in the config, refuses delete while used', async () => {
    const saved = adminTemplateSaveResponse.parse(
      (await f.call(SAVE, f.adminToken, { definition: threePhase })).json(),
    );
    const id = saved.template.id;
    expect(id).toMatch(/^user:\d+$/);
    expect(saved.template).toMatchObject({ meters: 0, definition: { model: 'PM-3', maxGap: 0 } });
    // Defaults filled as for a shipped template: big-endian words, no byte swap, multiplier 1.
    expect(saved.template.definition.registers[0]).toMatchObject({
      wordOrder: 'big', byteSwap: false, multiplier: 1,
    }); // prettier-ignore

    // The meter dialog offers it beside the shipped ones, and a meter may use it.
    const choices = adminGatewayMeterListResponse.parse(
      (await f.call('/v1/Admin/Gateway/Meter/List', f.adminToken, { gatewayId })).json(),
    ).templates;
    expect(choices.find((t) => t.id === id)).toEqual({ id, manufacturer: 'Acme', model: 'PM-3', phases: 3 }); // prettier-ignore
    const meter = await saveMeter(id);
    expect(meter.json()).toMatchObject({ statusCode: 200, meter: { template: id } });

    const config = await pull();
    expect(config.meters[0]!.template).toBe(id);
    expect(config.templates).toHaveLength(1);
    expect(config.templates[0]).toMatchObject({ id, phases: 3, model: 'PM-3' });
    expect(config.templates[0]!.registers[2]).toMatchObject({ quantity: 'kw_l1', type: 'int16', multiplier: 10 }); // prettier-ignore

    // A change of the template is a new configuration version.
    const changed = await f.call(SAVE, f.adminToken, {
      templateId: id,
      definition: { ...threePhase, maxRegistersPerRead: 8 },
    });
    expect(changed.json()).toMatchObject({ statusCode: 200, template: { id, meters: 1 } });
    const after = await pull();
    expect(after.version).not.toBe(config.version);
    expect(after.templates[0]!.maxRegistersPerRead).toBe(8);

    expect((await f.call(REMOVE, f.adminToken, { templateId: id })).json()).toMatchObject({
      statusCode: 201, message: USER_TEMPLATE_MESSAGES.inUse,
    }); // prettier-ignore
    await saveMeter('eastron-sdm630', meter.json().meter.id as number);
    expect((await pull()).templates).toEqual([]);
    expect((await f.call(REMOVE, f.adminToken, { templateId: id })).json().statusCode).toBe(200);
    const list = adminTemplateListResponse.parse((await f.call(LIST, f.adminToken)).json());
    expect(list.templates.map((t) => t.id)).not.toContain(id);
    // A removed template is no template.
    expect((await saveMeter(id, meter.json().meter.id as number)).json()).toMatchObject({
      statusCode: 201, message: GATEWAY_METER_MESSAGES.unknownTemplate,
    }); // prettier-ignore

    const audit = await f.t.testDb.db.query<{ action: string; target_id: string }>(
      "SELECT action, target_id FROM audit_log WHERE action LIKE 'gateway.template.%' ORDER BY id",
    );
    expect(audit).toEqual([
      { action: 'gateway.template.add', target_id: id },
      { action: 'gateway.template.update', target_id: id },
      { action: 'gateway.template.remove', target_id: id },
    ]);
  });

  it('refuses a bad template with 400 naming the field', async () => {
    const reg = threePhase.registers;
    for (const [definition, text] of [
      [
        { ...threePhase, registers: [{ ...reg[0], unit: 'A' }, ...reg.slice(1)] },
        'definition.registers.0.unit',
      ],
      [
        { ...threePhase, registers: [{ ...reg[0], functionCode: 6 }, ...reg.slice(1)] },
        'definition.registers.0.functionCode',
      ],
      [
        { ...threePhase, registers: [{ ...reg[0], address: 65535 }, ...reg.slice(1)] },
        'register runs past address 65535',
      ],
      [{ ...threePhase, registers: reg.slice(1) }, 'voltage_l1 is missing'],
      [{ ...threePhase, registers: [...reg, reg[0]] }, 'voltage_l1 twice'],
      [{ ...threePhase, manufacturer: '' }, 'definition.manufacturer'],
      [{ ...threePhase, maxRegistersPerRead: 1 }, 'wider than one read'],
    ] as const) {
      const response = await f.call(SAVE, f.adminToken, { definition });
      expect(response.statusCode, text).toBe(400);
      expect(response.json().message, text).toContain(text);
    }
    // A shipped id is not an Admin template's.
    const shipped = await f.call(REMOVE, f.adminToken, { templateId: 'eastron-sdm630' });
    expect(shipped.statusCode).toBe(400);
    expect(shipped.json().message).toContain('templateId must be a template defined in Admin');
  });

  it("keeps factories apart: another factory's template is not found and cannot feed a meter", async () => {
    const theirs = adminTemplateSaveResponse.parse(
      (await f.call(SAVE, f.otherAdminToken, { definition: threePhase })).json(),
    ).template;
    const ours = adminTemplateListResponse.parse((await f.call(LIST, f.adminToken)).json());
    expect(ours.templates.map((t) => t.id)).not.toContain(theirs.id);
    for (const [path, body] of [
      [SAVE, { templateId: theirs.id, definition: EXAMPLE_TEMPLATE }],
      [REMOVE, { templateId: theirs.id }],
    ] as const) {
      expect((await f.call(path, f.adminToken, body)).json(), path).toMatchObject({
        statusCode: 1011, message: ADMIN_MESSAGES.notFound,
      }); // prettier-ignore
    }
    expect((await saveMeter(theirs.id)).json()).toMatchObject({
      statusCode: 201, message: GATEWAY_METER_MESSAGES.unknownTemplate,
    }); // prettier-ignore
    const still = adminTemplateListResponse.parse((await f.call(LIST, f.otherAdminToken)).json());
    expect(still.templates).toEqual([theirs]);
  });
});
