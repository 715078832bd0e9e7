import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminGatewayCreateResponse,
  adminTemplateReadNowResponse,
  EXAMPLE_TEMPLATE,
  USER_TEMPLATE_MESSAGES,
} from '@wattboard/contract';
import { gatewayReadRequest } from '@wattboard/contract/gateway-config';
import { preferredWaitSeconds } from '../../src/modules/ingest/read-now/gateway-routes.ts';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const READ_NOW = '/v1/Admin/Gateway/Template/ReadNow';
const tcp = { kind: 'tcp', host: '192.168.10.20', port: 502 };

describe('Prefer: wait', () => {
  it('reads the seconds, caps them at 25 and is 0 without the preference', () => {
    expect(preferredWaitSeconds('wait=20')).toBe(20);
    expect(preferredWaitSeconds('respond-async, wait=5')).toBe(5);
    expect(preferredWaitSeconds('wait=900')).toBe(25);
    expect(preferredWaitSeconds(undefined)).toBe(0);
    expect(preferredWaitSeconds('handling=lenient')).toBe(0);
  });
});

/** "Read now" through the server (decision 0088), the gateway's side played with its key. */
describe.each(backends)('read now on %s', (backend) => {
  let f: AdminFixture;
  let gatewayId: number;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    f = await startAdminFixture(backend, { SIMULATOR: 'off' });
    const create = async (token: string) =>
      adminGatewayCreateResponse.parse(
        (await f.call('/v1/Admin/Gateway/Create', token, { name: 'G' })).json(),
      );
    ({
      key,
      gateway: { id: gatewayId },
    } = await create(f.adminToken));
    otherKey = (await create(f.otherAdminToken)).key;
  });
  afterAll(() => f.close());

  const next = (bearer: string, prefer?: string) =>
    f.t.app.inject({
      method: 'GET',
      url: '/v1/Gateway/ReadNow/Next',
      headers: { authorization: `Bearer ${bearer}`, ...(prefer ? { prefer } : {}) },
    });
  const answer = (bearer: string, body: unknown) =>
    f.t.app.inject({
      method: 'POST',
      url: '/v1/Gateway/ReadNow/Result',
      headers: { authorization: `Bearer ${bearer}` },
      payload: body as Record<string, unknown>,
    });
  const readNow = (body: Record<string, unknown> = {}) =>
    f.call(READ_NOW, f.adminToken, {
      gatewayId, meterId: null, transport: tcp, unitId: 3, definition: EXAMPLE_TEMPLATE, ...body,
    }); // prettier-ignore

  it('hands the draft to the waiting gateway and answers its decoded values with units', async () => {
    const polled = next(key, 'wait=10');
    const asked = readNow();
    const request = gatewayReadRequest.parse((await polled).json());
    expect(request).toMatchObject({
      transport: tcp,
      unitId: 3,
      template: { id: 'draft', model: 'PM-1' },
    });
    // Another factory's gateway sees nothing and cannot answer it.
    expect((await next(otherKey)).statusCode).toBe(204);
    const values = { voltage_l1: 230.1, current_l1: 4.5, kw_l1: 1.02, kwh_import: 1234.56 };
    const foreign = await answer(otherKey, { requestId: request.requestId, outcome: { ok: true, values, problems: [] } }); // prettier-ignore
    expect(foreign.json()).toEqual({ accepted: false });
    const mine = await answer(key, { requestId: request.requestId, outcome: { ok: true, values, problems: [] } }); // prettier-ignore
    expect(mine.json()).toEqual({ accepted: true });
    const result = adminTemplateReadNowResponse.parse((await asked).json());
    expect(result.values).toEqual([
      { quantity: 'voltage_l1', value: 230.1, unit: 'V' },
      { quantity: 'current_l1', value: 4.5, unit: 'A' },
      { quantity: 'kw_l1', value: 1.02, unit: 'kW' },
      { quantity: 'kwh_import', value: 1234.56, unit: 'kWh' },
    ]);
    // Answered once: a repeat is dropped.
    expect((await answer(key, { requestId: request.requestId, outcome: { ok: true, values, problems: [] } })).json()).toEqual({ accepted: false }); // prettier-ignore
  });

  it('passes a Modbus error on, and says offline when no gateway takes the request', async () => {
    const asked = readNow();
    const request = gatewayReadRequest.parse((await next(key, 'wait=10')).json());
    const outcome = {
      ok: false,
      error: { kind: 'exception', code: 2, message: 'Illegal data address' },
    };
    await answer(key, { requestId: request.requestId, outcome });
    expect((await asked).json()).toMatchObject({ statusCode: 200, outcome, values: [] });

    const started = Date.now();
    const offline = await readNow();
    expect(offline.json()).toMatchObject({ statusCode: 201, message: USER_TEMPLATE_MESSAGES.gatewayOffline }); // prettier-ignore
    expect(Date.now() - started).toBeLessThan(10_000);
    // The expired request is not handed out afterwards.
    expect((await next(key)).statusCode).toBe(204);
  });

  it("refuses another factory's gateway, a bad draft with 400, and a missing transport", async () => {
    const theirs = await f.call(READ_NOW, f.otherAdminToken, {
      gatewayId, meterId: null, transport: tcp, unitId: 1, definition: EXAMPLE_TEMPLATE,
    }); // prettier-ignore
    expect(theirs.json()).toMatchObject({ statusCode: 1011 });
    const bad = await readNow({ definition: { ...EXAMPLE_TEMPLATE, maxRegistersPerRead: 200 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('definition.maxRegistersPerRead');
    const none = await readNow({ transport: undefined });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(USER_TEMPLATE_MESSAGES.transportNeeded);
    expect((await answer(key, { requestId: 'nope', outcome: { ok: true } })).statusCode).toBe(400);
    expect((await next('wrong-key')).statusCode).toBe(401);
  });
});
