import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserWithPasswordResponse } from '@wattboard/contract';
import { CLOSE_REASONS } from '../../src/modules/hub/close-order.ts';
import { backends } from '../helpers/backends.ts';
import { postJson } from '../helpers/test-app.ts';
import { connectedClient, listen, stopAll, type TestHubClient } from '../hub/hub-kit.ts';
import { closedWith } from '../hub/session-kit.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

describe.each(backends)("a disabled user's open hub connections on %s", (backend) => {
  let f: AdminFixture;
  let baseUrl: string;
  const clients: TestHubClient[] = [];

  beforeAll(async () => {
    f = await startAdminFixture(backend);
    baseUrl = await listen(f.t.app);
  });
  afterAll(async () => {
    await stopAll(clients);
    await f.close();
  });

  it("close at once when the Admin disables the user (and the Admin's stay open)", async () => {
    const added = adminUserWithPasswordResponse.parse(
      (
        await f.call('/v1/Admin/User/Add', f.adminToken, {
          username: 'Shift lead',
          userEmail: 'lead@example.com',
        })
      ).json(),
    );
    const signIn = await postJson(f.t.app, '/User/SignIn', {
      email: 'lead@example.com',
      password: added.oneTimePassword,
      action: '/User/SignIn',
      token: '',
    });
    // A one-time password opens no socket: the user chooses a password first.
    const changed = await postJson(
      f.t.app,
      '/v1/User/ChangePassword',
      {
        email: 'lead@example.com',
        action: '/v1/User/ChangePassword',
        oldPassword: added.oneTimePassword,
        newPassword: 'lead-own-password',
      },
      { authorization: `Bearer ${signIn.json().token}` },
    );
    expect(changed.json().statusCode).toBe(200);
    const leaving = await connectedClient(baseUrl, signIn.json().token);
    const staying = await connectedClient(baseUrl, f.adminToken);
    clients.push(leaving, staying);
    const closed = closedWith(leaving);
    const started = Date.now();
    const response = await f.call('/v1/Admin/User/Status', f.adminToken, {
      userId: added.user.id,
      status: 'disabled',
    });
    expect(response.json().statusCode).toBe(200);
    const error = await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error?.message).toContain(CLOSE_REASONS.sessionEnded);
    expect(leaving.connection.state).toBe(HubConnectionState.Disconnected);
    expect(staying.connection.state).toBe(HubConnectionState.Connected);
  });
});
