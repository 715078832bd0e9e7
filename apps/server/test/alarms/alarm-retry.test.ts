import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';
import { LogCapture } from '../ingest/announce-app.ts';
import { addGateway, nodeIdBySerial } from '../ingest/ingest-app.ts';
import { eventsOf, minutesAgo, reading } from './alarm-app.ts';

const KEY = 'alarm-retry-gateway-key-0123456789abcdef';
const RETRYING = 'a stored-readings listener failed; retrying';

/**
 * The real app with its real alarms listener; the database refuses the first
 * event insert (a trigger on a sequence, which a rollback does not undo), as a
 * dropped connection or a deadlock would.
 */
describe.each(backends)('a failed alarm evaluation is retried on %s', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let factoryId: number;
  const logs = new LogCapture();
  const waits: { ms: number; fire: () => void }[] = [];

  beforeAll(async () => {
    testDb = await openTestDb(backend);
    app = await buildApp(testConfig({ SIMULATOR: 'off', LOG_LEVEL: 'info' }), {
      db: testDb.db,
      logStream: logs,
      readingsFeed: { schedule: (fire, ms) => void waits.push({ ms, fire }) },
    });
    const db = testDb.db;
    factoryId = (await db.query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'"))[0]!
      .id;
    await addGateway(db, factoryId, KEY);
    await db.query('DELETE FROM alarm_settings');
    await db.query(
      `INSERT INTO alarm_settings (factory_id, node_id, target, is_activated, threshold_high)
       VALUES ($1, $2, 'temperature', true, 50)`,
      [factoryId, await nodeIdBySerial(db, factoryId, 'WB-M01-C1')],
    );
    await db.exec(`
      CREATE SEQUENCE event_inserts;
      CREATE FUNCTION fail_first_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('event_inserts') = 1 THEN RAISE EXCEPTION 'injected: connection lost'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER events_fail_first BEFORE INSERT ON events
        FOR EACH ROW EXECUTE FUNCTION fail_first_event();`);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('logs the failure, waits its backoff, tries again and opens the event once', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      payload: { readings: [reading('WB-M01-C1', minutesAgo(1), { temperature: 61 })] },
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(response.json()).toMatchObject({ accepted: 1 });

    await logs.waitFor(RETRYING);
    const [line] = logs.withMessage(RETRYING);
    expect(line).toMatchObject({ level: 40, listener: 'alarms', attempt: 1, retryInMs: 250 });
    expect(String((line!.err as { message: string }).message)).toContain('injected');
    expect(await eventsOf(testDb.db, factoryId)).toEqual([]);
    expect(waits.map((w) => w.ms)).toEqual([250]);

    waits.shift()!.fire();
    await app.readingsFeed.idle();
    const events = await eventsOf(testDb.db, factoryId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ target: 'temperature', value: 61, state: 'unresolved' });

    const scrape = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(scrape).toContain(
      'wattboard_readings_feed_failures_total{listener="alarms",result="retried"} 1',
    );
  });
});
