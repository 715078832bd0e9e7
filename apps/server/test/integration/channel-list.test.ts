import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelListResponse, StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { DEMO, postJson, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { hashPassword, scryptParams } from '../../src/modules/auth/password.ts';

const CHANNEL_LIST = '/v1/Web/Factory/Channel/List';

describe.each(backends)('channel list on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let demoFactoryId: number;
  let otherFactoryId: number;
  const other = { email: 'ops@berlin.example', password: 'berlin-password' };

  beforeAll(async () => {
    t = await startTestApp(backend);
    token = (await signInAs(t.app)).token;
    const db = t.testDb.db;
    demoFactoryId = (
      await db.query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'")
    )[0]!.id;
    // A second tenant with its own tree and user, to prove nothing crosses over.
    otherFactoryId = (
      await db.query<{ id: number }>(
        `INSERT INTO factories (slug, name, name_zh, time_zone) VALUES ('berlin', 'Berlin Plant', '柏林廠', 'Europe/Berlin')
         RETURNING id`,
      )
    )[0]!.id;
    const root = (
      await db.query<{ id: number }>(
        `INSERT INTO nodes (factory_id, type, ch_name, name) VALUES ($1, 'virtual', '柏林總線', 'Berlin Supply') RETURNING id`,
        [otherFactoryId],
      )
    )[0]!.id;
    await db.query(
      `INSERT INTO nodes (factory_id, parent_id, type, ch_name, name, wiring, serial)
       VALUES ($1, $2, 'smartMeter', '柏林電表', 'Berlin Meter', 'a,b,c', 'BER-1')`,
      [otherFactoryId, root],
    );
    await db.query(
      'INSERT INTO users (factory_id, email, username, password_hash) VALUES ($1, $2, $3, $4)',
      [
        otherFactoryId,
        other.email,
        'berlin-ops',
        await hashPassword(other.password, scryptParams(10)),
      ],
    );
  });
  afterAll(() => t.close());

  const list = (
    factoryId: unknown,
    session: { email: string; token: string } = { email: DEMO.email, token },
  ) => postJson(t.app, CHANNEL_LIST, { ...session, action: CHANNEL_LIST, factoryId });

  it('returns the envelope, the factory clock and zone, and the whole demo tree', async () => {
    const response = await list(0);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(() => channelListResponse.parse(body)).not.toThrow();
    expect(body).toMatchObject({ action: CHANNEL_LIST, statusCode: 200, email: DEMO.email, token });
    expect(body.timeZone).toBe('Asia/Taipei');
    // 1 incoming supply + 2 areas + 8 meters + 30 circuits.
    expect(body.channelList).toHaveLength(41);
    const types = body.channelList.map((entry: { type: string }) => entry.type);
    expect(types.filter((type: string) => type === 'smartMeter')).toHaveLength(8);
    expect(types.filter((type: string) => type === 'circuit')).toHaveLength(30);
    expect(body.channelList[0]).toEqual({
      id: expect.any(Number),
      chName: '總進線',
      name: 'Incoming Supply',
      type: 'virtual',
      isVirtual: true,
    });
    for (const entry of body.channelList) {
      expect(Object.keys(entry).sort()).toEqual(['chName', 'id', 'isVirtual', 'name', 'type']);
      expect(entry.isVirtual).toBe(entry.type === 'virtual');
    }
  });

  it('gives dtNowFactory as Taipei local time with +08:00 and no milliseconds, close to now', async () => {
    const before = Date.now();
    const { dtNowFactory } = (await list(0)).json();
    expect(dtNowFactory).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(Math.abs(Date.parse(dtNowFactory) - before)).toBeLessThan(2000);
  });

  it('lists every parent before its children, in the same order every time', async () => {
    const first = (await list(0)).json().channelList as { id: number }[];
    const second = (await list(0)).json().channelList as { id: number }[];
    expect(second).toEqual(first);
    const parents = await t.testDb.db.query<{ id: number; parent_id: number | null }>(
      'SELECT id, parent_id FROM nodes WHERE factory_id = $1',
      [demoFactoryId],
    );
    const position = new Map(first.map((entry, index) => [entry.id, index]));
    for (const { id, parent_id } of parents) {
      if (parent_id !== null) expect(position.get(parent_id)!).toBeLessThan(position.get(id)!);
    }
  });

  it('treats factoryId 0, the own id and the own id as a string alike', async () => {
    const zero = (await list(0)).json();
    const own = (await list(demoFactoryId)).json();
    const asText = (await list(String(demoFactoryId))).json();
    expect(own.statusCode).toBe(200);
    expect(own.channelList).toEqual(zero.channelList);
    expect(asText.channelList).toEqual(zero.channelList);
  });

  it("answers 1008 for another factory's id and never shows its data", async () => {
    const response = await list(otherFactoryId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      statusCode: StatusCode.FactoryNotFound,
      message: 'Factory not found.',
    });
    expect(body).not.toHaveProperty('channelList');
    expect(response.body).not.toContain('Berlin');
    expect((await list(999_999)).json().statusCode).toBe(StatusCode.FactoryNotFound);
  });

  it("shows the other factory's user only their own tree, in their own zone", async () => {
    const session = await signInAs(t.app, other);
    const body = (await list(0, { email: other.email, token: session.token })).json();
    expect(body.channelList.map((entry: { name: string }) => entry.name)).toEqual([
      'Berlin Supply',
      'Berlin Meter',
    ]);
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(body.dtNowFactory).toMatch(/\+0[12]:00$/);
    const demoAttempt = await list(demoFactoryId, { email: other.email, token: session.token });
    expect(demoAttempt.json().statusCode).toBe(StatusCode.FactoryNotFound);
  });

  it('rejects a factoryId that is not a number with 400 naming the field', async () => {
    const response = await list(true);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: StatusCode.Fail, action: CHANNEL_LIST });
    expect(response.json().message).toMatch(/^factoryId: Invalid input/);
    const negative = await list(-1);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/^factoryId: /);
  });
});
