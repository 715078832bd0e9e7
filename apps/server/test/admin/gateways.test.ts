import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminGatewayCreateResponse,
  adminGatewayListResponse,
  ingestResponse,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { listen } from '../hub/hub-kit.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const run = promisify(execFile);
const LIST = '/v1/Admin/Gateway/List';
const CREATE = '/v1/Admin/Gateway/Create';
const REVOKE = '/v1/Admin/Gateway/Revoke';

describe.each(backends)('admin gateways on %s', (backend) => {
  let f: AdminFixture;
  let baseUrl: string;

  beforeAll(async () => {
    // No simulator: once the server listens it would store a reading of the same meter at each
    // minute's :00, and the shown command's reading (timed to the second) then collided with it
    // one run in sixty (a duplicate instead of accepted: 1).
    f = await startAdminFixture(backend, { SIMULATOR: 'off' });
    baseUrl = await listen(f.t.app);
  });
  afterAll(() => f.close());

  const create = async (name: string) =>
    adminGatewayCreateResponse.parse((await f.call(CREATE, f.adminToken, { name })).json());

  it('creates a gateway whose shown curl command stores a reading; revoking stops the key', async () => {
    // Through the listening server, so the command's origin is a real address.
    const response = await fetch(`${baseUrl}${CREATE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${f.adminToken}` },
      body: JSON.stringify({ email: '', action: CREATE, name: 'Roof gateway' }),
    });
    const created = adminGatewayCreateResponse.parse(await response.json());
    expect(created.key).toMatch(/^[\w-]{43}$/);
    // No MQTT_ADMIN_URL: the server makes no broker login, and says so.
    expect(created.mqttUsername).toBeNull();
    expect(created.gateway).toMatchObject({
      name: 'Roof gateway',
      lastSeenAt: null,
      revokedAt: null,
    });
    const stored = await f.t.testDb.db.query<{ ingest_key_hash: string }>(
      'SELECT ingest_key_hash FROM gateways WHERE id = $1',
      [created.gateway.id],
    );
    expect(stored[0]!.ingest_key_hash).not.toContain(created.key);
    const { instructions } = created;
    expect(instructions.httpUrl).toBe(`${baseUrl}/v1/Ingest/Readings`);
    expect(instructions.httpCommand).toContain(`Bearer ${created.key}`);
    expect(instructions.mqttTopic).toBe(
      `wattboard/${f.demoFactory}/meter/${instructions.exampleSerial}/reading`,
    );

    const { stdout } = await run('bash', ['-c', instructions.httpCommand]);
    expect(ingestResponse.parse(JSON.parse(stdout))).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [],
    });

    const list = adminGatewayListResponse.parse((await f.call(LIST, f.adminToken)).json());
    const listed = list.gateways.find((g) => g.id === created.gateway.id)!;
    expect(listed.lastSeenAt).not.toBeNull();
    expect(list.readingsToday).toBeGreaterThanOrEqual(1);
    expect(list.instructions.httpCommand).toContain('Bearer <KEY>');
    expect(list.instructions.httpCommand).not.toContain(created.key);

    const revoked = await f.call(REVOKE, f.adminToken, { gatewayId: created.gateway.id });
    expect(revoked.json().gateway.revokedAt).not.toBeNull();
    const after = await run('bash', [
      '-c',
      `${instructions.httpCommand} -s -o /dev/null -w '%{http_code}'`,
    ]);
    expect(after.stdout).toBe('401');
    const again = await f.call(REVOKE, f.adminToken, { gatewayId: created.gateway.id });
    expect(again.json()).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.gatewayRevoked });
    const audit = await f.t.testDb.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'gateway.%' ORDER BY id",
    );
    expect(audit.map((a) => a.action)).toEqual(['gateway.add', 'gateway.revoke']);
  });

  it('never builds the instructions from the Host header', async () => {
    const forged = await f.t.app.inject({
      method: 'POST',
      url: LIST,
      headers: { host: 'attacker.example', authorization: `Bearer ${f.adminToken}` },
      payload: { email: '', action: LIST },
    });
    const { instructions } = adminGatewayListResponse.parse(forged.json());
    expect(instructions.httpUrl).toBe(`${baseUrl}/v1/Ingest/Readings`);
    expect(instructions.httpCommand).not.toContain('attacker.example');
  });

  it("keeps factories apart: another factory's gateway is not found, its list is its own", async () => {
    const ours = await create('Ours');
    const theirs = await f.call(REVOKE, f.otherAdminToken, { gatewayId: ours.gateway.id });
    expect(theirs.json()).toMatchObject({ statusCode: 1011, message: ADMIN_MESSAGES.notFound });
    const list = adminGatewayListResponse.parse((await f.call(LIST, f.otherAdminToken)).json());
    expect(list.gateways).toEqual([]);
    expect(list.instructions.exampleSerial).toBe('METER-1');
    expect(
      (await f.call(LIST, f.adminToken, { factoryId: f.otherFactory })).json().statusCode,
    ).toBe(1008);
  });

  it('refuses non-Admins (403) and bad fields (400 naming the field)', async () => {
    for (const path of [LIST, CREATE, REVOKE]) {
      const response = await f.call(path, f.demoToken, { name: 'x', gatewayId: 1 });
      expect(response.statusCode).toBe(403);
    }
    for (const [path, body, field] of [
      [CREATE, { name: ' ' }, 'name'],
      [CREATE, { name: 'x'.repeat(101) }, 'name'],
      [REVOKE, { gatewayId: 'abc' }, 'gatewayId'],
    ] as const) {
      const response = await f.call(path, f.adminToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
  });
});

describe.each(backends)('admin gateways with PUBLIC_URL on %s', (backend) => {
  let f: AdminFixture;
  beforeAll(async () => {
    f = await startAdminFixture(backend, { PUBLIC_URL: 'https://energy.example.com/' });
  });
  afterAll(() => f.close());

  it('builds the instructions from PUBLIC_URL, whatever Host the request names', async () => {
    const answer = await f.t.app.inject({
      method: 'POST',
      url: LIST,
      headers: { host: 'attacker.example', authorization: `Bearer ${f.adminToken}` },
      payload: { email: '', action: LIST },
    });
    const { instructions } = adminGatewayListResponse.parse(answer.json());
    expect(instructions.httpUrl).toBe('https://energy.example.com/v1/Ingest/Readings');
    expect(instructions.httpCommand).toContain("'https://energy.example.com/v1/Ingest/Readings'");
  });
});
