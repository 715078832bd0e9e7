import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  HUB_PATH,
  StatusCode,
  connectionInitializedPayload,
  notificationReceivedPayload,
} from '@wattboard/contract';
import type { NegotiateResponse } from '../../src/modules/hub/negotiate.ts';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { hubClient, listen, stopAll, type TestHubClient } from './hub-kit.ts';

const RS = '\u001e';

/** Opens a raw WebSocket and resolves with the HTTP status of a refused upgrade, or 101. */
function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      socket.terminate();
    });
    socket.on('error', (err) => {
      if (!socket.readyState) reject(err);
    });
  });
}

describe.each(backends)('hub connection and negotiate on %s', (backend) => {
  let t: TestApp;
  let baseUrl: string;
  let token: string;
  let demoFactoryId: number;
  const clients: TestHubClient[] = [];

  const negotiate = (headers: Record<string, string>) =>
    fetch(`${baseUrl}${HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers });
  const negotiated = async () =>
    (await (await negotiate({ authorization: `Bearer ${token}` })).json()) as NegotiateResponse;

  beforeAll(async () => {
    t = await startTestApp(backend, { SIMULATOR: 'off', CORS_ORIGINS: 'https://app.example' });
    baseUrl = await listen(t.app);
    token = (await signInAs(t.app)).token;
    demoFactoryId = (
      await t.testDb.db.query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'")
    )[0]!.id;
    await t.testDb.db.query(
      `INSERT INTO events (factory_id, target, kind, title_en, desc_en, title_zh, desc_zh, opened_at)
       VALUES ($1, 'power', 'test', 'Power too high', 'Above 50 kW', '功率過高', '超過 50 kW',
               '2025-03-01T08:00:00Z')`,
      [demoFactoryId],
    );
    await t.testDb.db.query(
      `INSERT INTO announcements (factory_id, title, content, dt_start, dt_end)
       VALUES (NULL, 'Maintenance', 'Maintenance on Sunday', now() - interval '1 hour',
               now() + interval '7 days'),
              (NULL, 'Later', 'Not started yet', now() + interval '1 day', now() + interval '2 days')`,
    );
  });
  afterAll(async () => {
    await stopAll(clients);
    await t?.close();
  });

  it('negotiates exactly the documented answer with a bearer token', async () => {
    const response = await negotiate({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    const body = (await response.json()) as NegotiateResponse;
    expect(Object.keys(body).sort()).toEqual(
      ['availableTransports', 'connectionId', 'connectionToken', 'negotiateVersion'].sort(),
    );
    expect(body.negotiateVersion).toBe(1);
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
    ]);
    // The client puts the token into the query without encoding it.
    expect(body.connectionToken).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(body.connectionToken).not.toBe(body.connectionId);
  });

  it('refuses negotiate without a valid token', async () => {
    expect((await negotiate({})).status).toBe(401);
    const bad = await negotiate({ authorization: 'Bearer not-a-session' });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { statusCode: number }).statusCode).toBe(StatusCode.TokenExpired);
  });

  it('answers the cross-origin preflight the browser client sends', async () => {
    const response = await fetch(`${baseUrl}${HUB_PATH}/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,x-requested-with,x-signalr-user-agent',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'x-requested-with', 'x-signalr-user-agent']) {
      expect(allowed).toContain(header);
    }
  });

  it('connects with the official client and pushes ConnectionInitialized, then the lists', async () => {
    const client = hubClient(baseUrl, token);
    clients.push(client);
    await client.connection.start();
    const initialized = connectionInitializedPayload.parse(
      await client.events.next('ConnectionInitialized'),
    );
    expect(initialized.connectionId).toBe(client.connection.connectionId);
    const list = notificationReceivedPayload.parse(
      await client.events.next('NotificationReceived'),
    );
    expect(list).toEqual({
      type: 'list',
      data: {
        alertList: [
          {
            id: expect.any(Number),
            titleText: 'Power too high',
            descText: 'Above 50 kW',
            title: '功率過高',
            desc: '超過 50 kW',
            time: '2025-03-01T08:00:00.000Z',
            state: 'unresolved',
          },
        ],
        announcementList: [
          { id: expect.any(Number), content: 'Maintenance on Sunday', time: expect.any(String) },
        ],
      },
    });
    expect(client.events.entries[0]?.event).toBe('ConnectionInitialized');
    expect(t.app.hub.connectionCount()).toBe(1);
  });

  it('refuses a client without a token or with an invalid one', async () => {
    await expect(hubClient(baseUrl, null).connection.start()).rejects.toThrow();
    await expect(hubClient(baseUrl, 'wrong-token').connection.start()).rejects.toThrow();
  });

  it('checks the connection token and the bearer token before upgrading', async () => {
    const body = await negotiated();
    const ws = `${baseUrl.replace('http', 'ws')}${HUB_PATH}`;
    const withToken = (id: string) => `${ws}?id=${id}&access_token=${encodeURIComponent(token)}`;

    expect(await upgradeStatus(`${ws}?id=${body.connectionToken}`)).toBe(401);
    expect(await upgradeStatus(withToken(`${body.connectionToken}x`))).toBe(404);
    expect(await upgradeStatus(withToken('v1.unknown'))).toBe(404);
    // Another user's token cannot take over this user's connection.
    const admin = (await signInAs(t.app, ADMIN)).token;
    expect(
      await upgradeStatus(`${ws}?id=${body.connectionToken}`, {
        authorization: `Bearer ${admin}`,
      }),
    ).toBe(401);

    const first = new WebSocket(withToken(body.connectionToken));
    await new Promise((resolve) => first.once('open', resolve));
    expect(await upgradeStatus(withToken(body.connectionToken))).toBe(409);
    first.close();
  });

  it('answers the handshake and refuses an unsupported protocol', async () => {
    const body = await negotiated();
    const ws = `${baseUrl.replace('http', 'ws')}${HUB_PATH}?id=${body.connectionToken}`;
    const socket = new WebSocket(ws, { headers: { authorization: `Bearer ${token}` } });
    await new Promise((resolve) => socket.once('open', resolve));
    const replies: string[] = [];
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('message', (data) => replies.push(String(data)));
    socket.send(`{"protocol":"messagepack","version":1}${RS}`);
    await closed;
    expect(replies).toEqual([`{"error":"The protocol 'messagepack' is not supported."}${RS}`]);
  });
});
