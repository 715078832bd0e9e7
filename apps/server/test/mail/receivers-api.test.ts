import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailReceiversGetResponse, emailReceiversUpdateResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { DEMO, postJson, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addOtherTenant, demoFactoryId } from './tenants.ts';

const GET = '/v1/Setting/GetEmailReceivers';
const UPDATE = '/v1/Setting/UpdateEmailReceivers';

interface Session {
  email: string;
  token: string;
}

const receiver = (
  receiverName: string,
  email: string,
  status: 'on' | 'off' = 'on',
  id?: number,
) => ({
  ...(id === undefined ? {} : { id }),
  receiverName,
  email,
  status,
});

describe.each(backends)('alarm e-mail receivers on %s', (backend) => {
  let t: TestApp;
  let demo: Session;
  let other: Session;
  let demoFactory: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    demoFactory = await demoFactoryId(t.testDb.db);
    const tenant = await addOtherTenant(t.testDb.db);
    demo = { email: DEMO.email, token: (await signInAs(t.app)).token };
    other = { email: tenant.email, token: (await signInAs(t.app, tenant)).token };
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.testDb.db.query('DELETE FROM email_receivers');
  });

  const list = async (session: Session = demo) => {
    const response = await postJson(t.app, GET, { ...session, action: GET });
    expect(response.statusCode).toBe(200);
    return emailReceiversGetResponse.parse(response.json()).data;
  };
  const save = (receivers: unknown, session: Session = demo) =>
    postJson(t.app, UPDATE, { ...session, action: UPDATE, receivers });
  const storedCount = async () =>
    (await t.testDb.db.query('SELECT id FROM email_receivers')).length;

  it('starts empty, then returns what was saved, in order, without the incomplete rows', async () => {
    expect(await list()).toEqual([]);
    const response = await save([
      receiver('Mei Lin', 'mei@example.com'),
      receiver('', 'nameless@example.com'),
      receiver('Chen Wei', 'chen@example.com', 'off'),
      receiver('No Address', '  '),
    ]);
    expect(response.statusCode).toBe(200);
    const body = emailReceiversUpdateResponse.parse(response.json());
    expect(body).toMatchObject({ action: UPDATE, statusCode: 200, email: DEMO.email });
    expect(body.data).toEqual({
      updated: 2,
      deleted: 0,
      message: 'Saved 2 e-mail receivers, removed 0.',
    });
    const saved = await list();
    expect(saved.map(({ id: _id, ...rest }) => rest)).toEqual([
      receiver('Mei Lin', 'mei@example.com'),
      receiver('Chen Wei', 'chen@example.com', 'off'),
    ]);
    expect(saved.every((row) => typeof row.id === 'number')).toBe(true);
  });

  it('replaces the list: edited rows keep their id, missing rows are deleted', async () => {
    await save([receiver('Mei', 'mei@example.com'), receiver('Chen', 'chen@example.com')]);
    const [mei] = await list();
    const response = await save([
      receiver('New Person', 'new@example.com', 'off'),
      receiver('Mei Lin', 'mei.lin@example.com', 'off', mei!.id),
    ]);
    expect(response.json().data).toMatchObject({ updated: 2, deleted: 1 });
    const saved = await list();
    expect(saved.map((row) => row.receiverName)).toEqual(['New Person', 'Mei Lin']);
    expect(saved[1]).toEqual(receiver('Mei Lin', 'mei.lin@example.com', 'off', mei!.id));
    // An empty list clears it.
    expect((await save([])).json().data).toMatchObject({ updated: 0, deleted: 2 });
    expect(await list()).toEqual([]);
  });

  it('refuses more than 5 receivers with a 400 naming receivers, and changes nothing', async () => {
    await save([receiver('Keep', 'keep@example.com')]);
    const six = Array.from({ length: 6 }, (_, i) => receiver(`R${i}`, `r${i}@example.com`));
    const response = await save(six);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 201, action: UPDATE });
    expect(response.json().message).toMatch(/^receivers: At most 5 e-mail receivers/);
    expect((await list()).map((row) => row.receiverName)).toEqual(['Keep']);
  });

  it('counts only complete rows against the maximum', async () => {
    const rows = [
      ...Array.from({ length: 5 }, (_, i) => receiver(`R${i}`, `r${i}@example.com`)),
      receiver('', ''),
    ];
    expect((await save(rows)).statusCode).toBe(200);
    expect(await storedCount()).toBe(5);
  });

  it("refuses a malformed e-mail with a 400 naming the row's field", async () => {
    const response = await save([
      receiver('Mei', 'mei@example.com'),
      receiver('Chen', 'chen-at-example.com'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('receivers.1.email: Enter a valid e-mail address');
    expect(await storedCount()).toBe(0);
  });

  it('refuses a bad status, a non-list and the same address twice', async () => {
    const badStatus = await save([
      { receiverName: 'Mei', email: 'mei@example.com', status: 'maybe' },
    ]);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toContain('receivers.0.status');
    const notAList = await save('everyone');
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json().message).toContain('receivers');
    const twice = await save([
      receiver('A', 'same@example.com'),
      receiver('B', 'SAME@example.com'),
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('receivers.1.email');
    expect(await storedCount()).toBe(0);
  });

  it('needs a valid session', async () => {
    expect(
      (await postJson(t.app, GET, { email: DEMO.email, action: GET, token: 'nope' })).statusCode,
    ).toBe(401);
    expect((await save([], { email: DEMO.email, token: 'nope' })).statusCode).toBe(401);
  });

  it("keeps factories apart: each sees and replaces only its own list, even with another's ids", async () => {
    await save([receiver('Demo Ops', 'ops@demo.example')]);
    const [demoRow] = await list();
    expect(await list(other)).toEqual([]);

    // The other factory sends the demo row's id: a new row of its own, the demo row untouched.
    const response = await save(
      [receiver('Berlin Ops', 'ops@berlin.example', 'on', demoRow!.id)],
      other,
    );
    expect(response.json().data).toMatchObject({ updated: 1, deleted: 0 });
    expect(await list()).toEqual([demoRow]);
    const berlin = await list(other);
    expect(berlin.map((row) => row.receiverName)).toEqual(['Berlin Ops']);
    expect(berlin[0]!.id).not.toBe(demoRow!.id);

    // Clearing the other factory's list leaves the demo factory's.
    await save([], other);
    expect(await list()).toEqual([demoRow]);
    const owners = await t.testDb.db.query<{ factory_id: number }>(
      'SELECT factory_id FROM email_receivers',
    );
    expect(owners).toEqual([{ factory_id: demoFactory }]);
  });
});
