import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { NormalizedReading } from '../../src/modules/rollups/normalized-reading.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { startAnnounceApp, type LogCapture } from './announce-app.ts';
import { addGateway, wire3 } from './ingest-app.ts';

const KEY = 'announce-tests-gateway-key-0123456789abcdef';
const BASE_MS = Math.floor(Date.now() / 60_000) * 60_000 - 2 * 3600_000;
const at = (minutes: number) => new Date(BASE_MS + minutes * 60_000).toISOString();

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** "node@ts" of each reading, to compare batches by content. */
const keys = (readings: readonly NormalizedReading[]) =>
  readings.map((r) => `${r.nodeId}@${r.ts.toISOString()}`);

describe.each(backends)('ingest announces after the commit, without waiting, on %s', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let logs: LogCapture;
  let closed = false;
  const dbCloseStage: string[] = [];

  beforeEach(async () => {
    testDb = await openTestDb(backend);
    closed = false;
    dbCloseStage.length = 0;
    ({ app, logs } = await startAnnounceApp(testDb, {
      onDatabaseClose: () => dbCloseStage.push('database closes'),
    }));
    const demo = await testDb.db.query<{ id: number }>(
      "SELECT id FROM factories WHERE slug = 'demo'",
    );
    await addGateway(testDb.db, demo[0]!.id, KEY);
  });
  afterEach(async () => {
    if (!closed) await app.close();
    await testDb.dispose();
  });

  const post = (readings: unknown[]) =>
    app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      payload: { readings },
      headers: { authorization: `Bearer ${KEY}` },
    });

  it('answers the gateway while a slow listener is still busy with the batch', async () => {
    const slow = gate();
    const handled: string[][] = [];
    app.readingsFeed.subscribe('slow', async (_factoryId, stored) => {
      await slow.opened;
      handled.push(keys(stored));
    });

    const response = await post([wire3('WB-M01-C1', at(0), 10)]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ accepted: 1 });
    expect(handled).toEqual([]);

    slow.open();
    await app.readingsFeed.idle();
    expect(handled).toHaveLength(1);
    expect(handled[0]).toHaveLength(1);
  });

  it('queues only the readings some listener still looks at: a buffered upload is history to all', async () => {
    const handled: string[][] = [];
    app.readingsFeed.subscribe(
      'recent',
      (_factoryId, stored) => {
        handled.push(keys(stored));
      },
      { maxAgeMs: 10 * 60_000 },
    );
    const recent = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString();
    // Two hours old (an outage's buffer) beside one a minute old.
    const response = await post([wire3('WB-M01-C1', at(0), 10), wire3('WB-M01-C2', recent, 20)]);
    expect(response.json()).toMatchObject({ accepted: 2 });
    const history = await post([wire3('WB-M01-C1', at(1), 11)]);
    expect(history.json()).toMatchObject({ accepted: 1 });
    await app.readingsFeed.idle();
    // The batch of history alone reaches no listener at all.
    expect(handled.map((batch) => batch.length)).toEqual([1]);
    expect(handled[0]![0]).toMatch(new RegExp(`@${recent.replace(/[.]/g, '\\.')}$`));
  });

  it('hands one factory’s concurrent batches to listeners in commit order', async () => {
    // A database-side log of insert order: the pipeline inserts under a lock per
    // factory held to the commit, so this order is the commit order.
    await testDb.db.exec(`
      CREATE TABLE insert_log (seq bigserial PRIMARY KEY, node_id int, ts timestamptz);
      CREATE FUNCTION log_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO insert_log (node_id, ts) VALUES (NEW.node_id, NEW.ts); RETURN NEW; END $$;
      CREATE TRIGGER readings_insert_log AFTER INSERT ON readings
        FOR EACH ROW EXECUTE FUNCTION log_insert();`);
    const seen: string[] = [];
    app.readingsFeed.subscribe('order', (_factoryId, stored) => {
      seen.push(...keys(stored));
    });

    const serials = ['WB-M01-C1', 'WB-M01-C2', 'WB-M01-C3', 'WB-M02', 'WB-M01-C1', 'WB-M01-C2'];
    const responses = await Promise.all(
      serials.map((serial, i) => post([wire3(serial, at(10 + i), 100 + i)])),
    );
    expect(responses.map((r) => r.json().accepted)).toEqual([1, 1, 1, 1, 1, 1]);
    await app.readingsFeed.idle();

    const committed = await testDb.db.query<{ node_id: number; ts: Date }>(
      'SELECT node_id, ts FROM insert_log ORDER BY seq',
    );
    expect(seen).toEqual(committed.map((row) => `${row.node_id}@${row.ts.toISOString()}`));
  });

  it('runs listeners once the batch is in latest_readings and the rollups, not before', async () => {
    // A first reading, so the next one's quarter hour has energy to roll up.
    await post([wire3('WB-M02', at(50), 1)]);
    await app.readingsFeed.idle();
    const seen: { latest: number; rollup: number }[] = [];
    app.readingsFeed.subscribe('reads-rollups', async (factoryId, stored) => {
      const [reading] = stored;
      const [row] = await app.db.query<{ latest: number; rollup: number }>(
        `SELECT (SELECT count(*)::int FROM latest_readings
                  WHERE factory_id = $1 AND node_id = $2 AND ts = $3) AS latest,
                (SELECT count(*)::int FROM rollups_15m
                  WHERE factory_id = $1 AND node_id = $2 AND kwh_forward > 0
                    -- The quarter hour holding the interval that ends at the reading
                    -- (a reading on :00 books the quarter before it).
                    AND bucket_start < $3 AND bucket_start >= $3::timestamptz - interval '15 minutes')
                  AS rollup`,
        [factoryId, reading!.nodeId, reading!.ts],
      );
      seen.push(row!);
    });
    await post([wire3('WB-M02', at(51), 2)]);
    await app.readingsFeed.idle();
    expect(seen).toEqual([{ latest: 1, rollup: 1 }]);
  });

  it('logs a failing listener and still answers and stores', async () => {
    app.readingsFeed.subscribe('broken', () => {
      throw new Error('listener exploded');
    });
    const response = await post([wire3('WB-M01-C3', at(30), 5)]);
    expect(response.json()).toMatchObject({ accepted: 1 });
    await app.readingsFeed.idle();
    const [line] = logs.withMessage(
      'stored readings were not handled by a listener; giving up on this batch',
    );
    expect(line).toMatchObject({ level: 50, listener: 'broken', attempt: 1 });
    expect((line!.err as { message: string }).message).toBe('listener exploded');
  });

  it('finishes queued batches on close before the database goes', async () => {
    const slow = gate();
    const order: string[] = [];
    app.readingsFeed.subscribe('slow', async () => {
      await slow.opened;
      await app.db.query('SELECT 1');
      order.push('listener done');
    });
    await post([wire3('WB-M02', at(40), 7)]);

    const closing = app.close();
    closed = true;
    // The feed says it is waiting; only then is the listener let go.
    await logs.waitFor('shutdown: finishing stored batches for alarms and the hub');
    expect(order).toEqual([]);
    slow.open();
    await closing;
    order.push(...dbCloseStage);
    expect(order).toEqual(['listener done', 'database closes']);
  });
});
