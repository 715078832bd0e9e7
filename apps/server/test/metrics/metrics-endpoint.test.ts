import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addGateway } from '../ingest/ingest-app.ts';
import { wire3 } from '../ingest/ingest-app.ts';

const KEY = 'metrics-tests-gateway-key-0123456789abcdef';
const TOKEN = 'scrape-token-0123456789abcdef';

/** The value of one series in an exposition, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

describe.each(backends)('GET /metrics on %s', (backend) => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };
  const ingest = (readings: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      payload: { readings },
      headers: { authorization: `Bearer ${KEY}` },
    });

  beforeAll(async () => {
    t = await startTestApp(backend, { SIMULATOR: 'off' });
    const demo = await t.testDb.db.query<{ id: number }>(
      "SELECT id FROM factories WHERE slug = 'demo'",
    );
    await addGateway(t.testDb.db, demo[0]!.id, KEY);
  });
  afterAll(() => t?.close());

  it('times requests by route pattern, method and status class, never by raw URL', async () => {
    const healthz = { method: 'GET', route: '/healthz', status_class: '2xx' };
    const resolve = { method: 'PUT', route: '/v1/Event/:id/resolve', status_class: '4xx' };
    const before = await scrape();
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'PUT', url: '/v1/Event/12345/resolve' });
    await t.app.inject({ method: 'GET', url: '/no/such/page/98765' });
    const after = await scrape();

    const count = 'wattboard_http_request_duration_seconds_count';
    expect(sample(after, count, healthz)! - (sample(before, count, healthz) ?? 0)).toBe(2);
    expect(sample(after, count, resolve)).toBe(1);
    expect(sample(after, count, { route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(
      sample(after, 'wattboard_http_request_duration_seconds_bucket', { ...healthz, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(2);
    expect(after).not.toContain('12345');
    expect(after).not.toContain('98765');
  });

  it('counts ingested readings by path and outcome, rejections by reason class', async () => {
    // A minute old: news to the feed's listeners (history older than 15 minutes reaches none).
    const ts = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString();
    const future = new Date(Date.now() + 3600_000).toISOString();
    await ingest([wire3('WB-M01-C1', ts, 10), wire3('WB-M01-C2', ts, 20)]);
    await ingest([
      wire3('WB-M01-C1', ts, 10),
      wire3('WB-NOPE', ts, 1),
      wire3('WB-M01-C3', future, 1),
    ]);
    const text = await scrape();
    const readings = 'wattboard_ingest_readings_total';
    expect(sample(text, readings, { path: 'http', outcome: 'accepted' })).toBe(2);
    expect(sample(text, readings, { path: 'http', outcome: 'duplicate' })).toBe(1);
    expect(
      sample(text, readings, { path: 'http', outcome: 'rejected', reason: 'unknown_node' }),
    ).toBe(1);
    expect(sample(text, readings, { path: 'http', outcome: 'rejected', reason: 'future' })).toBe(1);
    expect(sample(text, 'wattboard_ingest_batches_total', { path: 'http', result: 'stored' })).toBe(
      2,
    );
    // The feed ran its listeners for the stored batch (hub, alarms) and is idle again.
    await t.app.readingsFeed.idle();
    const after = await scrape();
    expect(sample(after, 'wattboard_readings_feed_queue_depth')).toBe(0);
    expect(
      sample(after, 'wattboard_readings_feed_delay_seconds_count', { listener: 'alarms' }),
    ).toBe(1);
    expect(sample(after, 'wattboard_readings_feed_delay_seconds_count', { listener: 'hub' })).toBe(
      1,
    );
  });

  it('reads the outbox, the database and the hub at scrape, and shows the runtime', async () => {
    const before = await scrape();
    expect(sample(before, 'wattboard_mail_outbox_rows', { status: 'failed' })).toBe(0);
    await t.testDb.db.query(
      `INSERT INTO mail_outbox (factory_id, to_address, subject, body_text, status)
       SELECT id, 'x@example.com', 'subject', 'body', 'failed' FROM factories ORDER BY id LIMIT 1`,
    );
    const text = await scrape();
    expect(sample(text, 'wattboard_mail_outbox_rows', { status: 'failed' })).toBe(1);
    expect(sample(text, 'wattboard_mail_outbox_rows', { status: 'pending' })).toBe(0);
    expect(sample(text, 'wattboard_db_queries_total')).toBeGreaterThan(
      sample(before, 'wattboard_db_queries_total')!,
    );
    expect(sample(text, 'wattboard_hub_connections')).toBe(0);
    expect(sample(text, 'wattboard_scheduler_commands_total')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    const poolTotal = sample(text, 'wattboard_db_pool_connections', { state: 'total' });
    if (backend === 'postgres') expect(poolTotal).toBeGreaterThanOrEqual(1);
    else expect(poolTotal).toBeUndefined();
  });

  it('keeps each app’s series apart, and asks for METRICS_TOKEN when one is set', async () => {
    const guarded = await startTestApp(backend, { SIMULATOR: 'off', METRICS_TOKEN: TOKEN });
    try {
      const refused = await guarded.app.inject({ method: 'GET', url: '/metrics' });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      const wrong = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer not-the-token-at-all' },
      });
      expect(wrong.statusCode).toBe(401);
      const allowed = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(allowed.statusCode).toBe(200);
      // Its own registry: none of the first app's ingest counts.
      expect(sample(allowed.body, 'wattboard_ingest_readings_total', { path: 'http' })).toBe(
        undefined,
      );
    } finally {
      await guarded.close();
    }
  });
});
