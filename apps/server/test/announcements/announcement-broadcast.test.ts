import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementReceivedPayload } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { DEMO, postJson, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { connectedClient, listen, stopAll, type TestHubClient } from '../hub/hub-kit.ts';
import { addOtherTenant } from '../mail/tenants.ts';

const CREATE = '/v1/Web/Announcement/Create';
const DAY = 24 * 3_600_000;

describe.each(backends)('a new announcement reaches the browsers on %s', (backend) => {
  let t: TestApp;
  let demo: TestHubClient;
  let berlin: TestHubClient;
  let demoToken: string;
  let berlinSession: { email: string; token: string };

  beforeAll(async () => {
    t = await startTestApp(backend, { SIMULATOR: 'off', DEV_TOOLS: '1' });
    const tenant = await addOtherTenant(t.testDb.db);
    demoToken = (await signInAs(t.app)).token;
    berlinSession = { email: tenant.email, token: (await signInAs(t.app, tenant)).token };
    const baseUrl = await listen(t.app);
    demo = await connectedClient(baseUrl, demoToken);
    berlin = await connectedClient(baseUrl, berlinSession.token);
  });
  afterAll(async () => {
    await stopAll([demo, berlin]);
    await t.close();
  });

  const create = (
    content: string,
    startOffsetMs: number,
    session?: { email: string; token: string },
  ) =>
    postJson(t.app, CREATE, {
      ...(session ?? { email: DEMO.email, token: demoToken }),
      action: CREATE,
      title: 'Notice',
      content,
      isImportant: false,
      dtStart: new Date(Date.now() + startOffsetMs).toISOString(),
      dtEnd: new Date(Date.now() + startOffsetMs + 7 * DAY).toISOString(),
    });

  it("sends AnnouncementReceived to the creator's factory only, and only when it is active", async () => {
    // Starts tomorrow: stored, but nobody is told yet.
    const later = await create('Tomorrow: inspection', DAY);
    expect(later.statusCode).toBe(200);
    const now = await create('Now: compressor room closed', -60_000);
    expect(now.statusCode).toBe(200);
    const created = now.json();

    const received = announcementReceivedPayload.parse(
      await demo.events.next('AnnouncementReceived'),
    );
    expect(received).toEqual({
      type: 'Official',
      id: created.id,
      content: 'Now: compressor room closed',
      time: created.published_date,
    });

    // The other factory hears of its own announcement, and never heard of the demo's.
    const own = await create('Berlin: holiday hours', -60_000, berlinSession);
    await berlin.events.next(
      'AnnouncementReceived',
      (p) => (p as { id: number }).id === own.json().id,
    );
    expect(berlin.events.of('AnnouncementReceived')).toHaveLength(1);
    expect(demo.events.of('AnnouncementReceived')).toHaveLength(1);
  });
});
