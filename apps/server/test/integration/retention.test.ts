import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.ts';
import { postJson, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addGateway, nodeIdBySerial, wire3 } from '../ingest/ingest-app.ts';

const DAY = 24 * 3_600_000;
const KEY = 'retention-test-gateway-key-0123456789';
const SERIAL = 'WB-M01-C1';

const iso = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

describe.each(backends)('raw retention (RAW_RETENTION_DAYS=30) on %s', (backend) => {
  let t: TestApp;
  let nodeId: number;
  beforeAll(async () => {
    t = await startTestApp(backend, { RAW_RETENTION_DAYS: '30', SIMULATOR: 'off' });
    await addGateway(t.app.db, 1, KEY);
    nodeId = await nodeIdBySerial(t.app.db, 1, SERIAL);
  });
  afterAll(() => t.close());

  const ingest = (readings: unknown[]) =>
    postJson(t.app, '/v1/Ingest/Readings', { readings }, { authorization: `Bearer ${KEY}` });

  it('refuses readings older than the period at the ingest route and keeps the rest', async () => {
    const now = Date.now();
    const res = await ingest([
      wire3(SERIAL, iso(now - 31 * DAY), 100),
      wire3(SERIAL, iso(now - 29 * DAY), 101),
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toBe(1);
    expect(body.rejected).toHaveLength(1);
    expect(body.rejected[0]).toMatchObject({ index: 0, serial: SERIAL });
    expect(body.rejected[0].reason).toMatch(/older than the raw retention period \(30 days\)/);
  });

  it('prunes raw readings past the period and keeps their rollups', async () => {
    const now = Date.now();
    // Stored while they were young enough; now the clock says they are too old.
    await ingest([
      wire3(SERIAL, iso(now - 2 * DAY), 200),
      wire3(SERIAL, iso(now - 2 * DAY + 900_000), 201),
    ]);
    await t.app.readingsFeed.idle(); // the rollup worker runs behind the answer
    const rollupsBefore = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rollups_15m WHERE node_id = $1',
      [nodeId],
    );
    const raw = () =>
      t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM readings WHERE node_id = $1', [
        nodeId,
      ]);
    expect((await raw())[0]!.n).toBe(3);
    await t.app.db.query(
      `UPDATE readings SET ts = ts - interval '40 days' WHERE node_id = $1 AND ts > now() - interval '3 days'`,
      [nodeId],
    );

    const deleted = await t.app.pruneRawReadings();
    expect(deleted).toBe(2);
    expect((await raw())[0]!.n).toBe(1);
    const rollupsAfter = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rollups_15m WHERE node_id = $1',
      [nodeId],
    );
    expect(rollupsAfter[0]!.n).toBe(rollupsBefore[0]!.n);
  });
});
