import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { postJson, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addFactory } from '../../src/modules/factory/repo/add-factory.ts';
import { parseAddFactoryArgs } from '../../src/modules/factory/cli/add-factory-args.ts';
import { scryptParams } from '../../src/modules/auth/password.ts';

const input = parseAddFactoryArgs([
  ...['--slug', 'acme', '--name', 'Acme', '--name-zh', '頂點廠'],
  ...['--email', 'boss@acme.example', '--password', 'acme-password'],
]);

describe.each(backends)('factory:add on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('creates a factory whose user signs in and sees only its own meter', async () => {
    const added = await addFactory(t.testDb.db, input, scryptParams(10));
    const session = await signInAs(t.app, { email: input.email, password: input.password });
    const path = '/v1/Web/Factory/Channel/List';
    const res = await postJson(t.app, path, {
      email: input.email,
      token: session.token,
      action: path,
      factoryId: 0,
    });
    const body = res.json();
    expect(body.statusCode).toBe(StatusCode.OK);
    expect(body.channelList.map((c: { id: number }) => c.id)).toEqual([added.meterId]);
  });

  it('refuses a slug or e-mail that exists and changes nothing', async () => {
    const before = await t.testDb.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM factories',
    );
    await expect(addFactory(t.testDb.db, input, scryptParams(10))).rejects.toThrow(
      /already exists: slug, email/,
    );
    const after = await t.testDb.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM factories',
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
