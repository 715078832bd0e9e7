import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import {
  ADMIN,
  DEMO,
  postJson,
  signInAs,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { hashToken } from '../../src/platform/http/token.ts';

const CHANNEL_LIST = '/v1/Web/Factory/Channel/List';

describe.each(backends)('authentication of data calls on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    token = (await signInAs(t.app)).token;
  });
  afterAll(() => t.close());

  const list = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    postJson(t.app, CHANNEL_LIST, { action: CHANNEL_LIST, factoryId: 0, ...body }, headers);

  const expect401 = async (responsePromise: ReturnType<typeof list>) => {
    const response = await responsePromise;
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      action: CHANNEL_LIST,
      statusCode: StatusCode.TokenExpired,
    });
    expect(response.json().message).toEqual(expect.any(String));
    expect(response.json()).not.toHaveProperty('channelList');
  };

  it('accepts the token in the body', async () => {
    const response = await list({ email: DEMO.email, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      statusCode: 200,
      email: DEMO.email,
      username: 'demo',
      token,
    });
  });

  it('accepts a bearer token alone, or the same token in both places', async () => {
    expect(
      (await list({ email: DEMO.email }, { authorization: `Bearer ${token}` })).statusCode,
    ).toBe(200);
    expect(
      (await list({ email: DEMO.email, token: '' }, { authorization: `Bearer ${token}` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await list({ email: DEMO.email, token }, { authorization: `Bearer ${token}` })).statusCode,
    ).toBe(200);
  });

  it('matches the e-mail case-insensitively', async () => {
    expect((await list({ email: 'DEMO@wattboard.LOCAL', token })).statusCode).toBe(200);
  });

  it('answers 401 + 1007 without a token', async () => {
    await expect401(list({ email: DEMO.email }));
    await expect401(list({ email: DEMO.email, token: '' }));
  });

  it('answers 401 + 1007 for an unknown token', async () => {
    await expect401(list({ email: DEMO.email, token: 'x'.repeat(43) }));
  });

  it('answers 401 + 1007 when the e-mail is not the token owner', async () => {
    await expect401(list({ email: ADMIN.email, token }));
  });

  it('answers 401 + 1007 when body and bearer tokens differ', async () => {
    const other = (await signInAs(t.app)).token;
    await expect401(list({ email: DEMO.email, token }, { authorization: `Bearer ${other}` }));
  });

  it('answers 401 + 1007 for an expired token', async () => {
    const expiring = (await signInAs(t.app)).token;
    await t.testDb.db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [hashToken(expiring)],
    );
    await expect401(list({ email: DEMO.email, token: expiring }));
  });
});
