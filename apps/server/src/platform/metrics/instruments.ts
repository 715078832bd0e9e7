/**
 * Every application metric /metrics exposes, defined in one place so the
 * names, labels and help texts are reviewed together (README "Operations"
 * lists them). Labels are kept to a few fixed values each: a label per URL,
 * serial or rejection message would make a series per value and swamp
 * Prometheus.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Seconds; from a cached answer (~1 ms) to a slow monitor call or a full ingest batch. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createInstruments(registry: Registry) {
  const registers = [registry];
  return {
    httpDuration: new Histogram({
      name: 'wattboard_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern (not the raw URL), method and status class.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    ingestReadings: new Counter({
      name: 'wattboard_ingest_readings_total',
      help: 'Readings received by path (http, mqtt, simulator) and outcome (accepted, duplicate, rejected); rejected ones carry a reason class.',
      labelNames: ['path', 'outcome', 'reason'] as const,
      registers,
    }),
    ingestBatches: new Counter({
      name: 'wattboard_ingest_batches_total',
      help: 'Batches (HTTP requests, MQTT messages, simulator writes) by path and result: stored, dropped (an MQTT message that can never be stored) or failed (not stored; MQTT redelivers).',
      labelNames: ['path', 'result'] as const,
      registers,
    }),
    feedDepth: new Gauge({
      name: 'wattboard_readings_feed_queue_depth',
      help: 'Stored batches waiting for (or in) a listener of the readings feed: hub fan-out, alarm evaluation.',
      registers,
    }),
    feedLag: new Gauge({
      name: 'wattboard_readings_feed_lag_seconds',
      help: 'Age of the oldest batch still waiting in the readings feed (0 when it is idle).',
      registers,
    }),
    feedDelay: new Histogram({
      name: 'wattboard_readings_feed_delay_seconds',
      help: 'From commit to a listener being done with the batch, by listener (hub, alarms).',
      labelNames: ['listener'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    feedFailures: new Counter({
      name: 'wattboard_readings_feed_failures_total',
      help: 'Failed listener runs by listener and what followed: retried, or given_up after the last attempt.',
      labelNames: ['listener', 'result'] as const,
      registers,
    }),
    hubConnections: new Gauge({
      name: 'wattboard_hub_connections',
      help: 'Open hub (SignalR) connections on this instance.',
      registers,
    }),
    hubMessages: new Counter({
      name: 'wattboard_hub_messages_sent_total',
      help: 'Hub messages sent to connections on this instance, by event name.',
      labelNames: ['event'] as const,
      registers,
    }),
    mailOutbox: new Gauge({
      name: 'wattboard_mail_outbox_rows',
      help: 'Mail outbox rows not yet sent, by status (pending, sending, failed); read from the database at scrape.',
      labelNames: ['status'] as const,
      registers,
    }),
    schedulerCommands: new Counter({
      name: 'wattboard_scheduler_commands_total',
      help: 'Control commands the scheduler sent to devices (in-process to the simulator or over MQTT).',
      registers,
    }),
    dbPoolConnections: new Gauge({
      name: 'wattboard_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle); absent on the embedded PGlite.',
      labelNames: ['state'] as const,
      registers,
    }),
    dbPoolWaiting: new Gauge({
      name: 'wattboard_db_pool_waiting',
      help: 'Queries waiting for a database connection (PostgreSQL pool), or behind the running one (PGlite runs one at a time).',
      registers,
    }),
    dbQueries: new Counter({
      name: 'wattboard_db_queries_total',
      help: 'Database statements run (transactions count their statements).',
      registers,
    }),
    dbQuerySeconds: new Counter({
      name: 'wattboard_db_query_seconds_total',
      help: 'Time spent in database statements, summed; divided by wattboard_db_queries_total it is the mean.',
      registers,
    }),
  };
}

export type Instruments = ReturnType<typeof createInstruments>;
