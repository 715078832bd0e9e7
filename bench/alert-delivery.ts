// Issue #28's goal (docs/product/budgets.md): an alarm reaches a webhook within 2 s. The real
// server app (webhook worker, alarms, ingest) listens on a port; a signed-JSON destination points
// at a node:http receiver here; readings that breach a voltage threshold go through
// POST /v1/Ingest/Readings while a steady stream of ordinary readings for other points runs.
// Each alarm's time is from sending its reading to the receiver having the whole delivery, whose
// HMAC signature is checked as a receiver would (docs/webhooks.md). Lost and duplicate deliveries
// are counted. The receiver, the load and the server share this process's event loop.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { MEMORY_DATA_DIR, parseConfig } from '../apps/server/src/platform/config.ts';
import { scryptParams } from '../apps/server/src/modules/auth/index.ts';
import { addFactory } from '../apps/server/src/modules/factory/repo/add-factory.ts';
import { insertNode } from '../apps/server/src/modules/factory/repo/provisioning.ts';
import type { BenchDb } from './backends.ts';
import { percentile } from './stats.ts';
import { isFromWattboard, startReceiver } from './webhook-receiver.ts';

export interface AlertDeliveryOptions {
  /** Points with a voltage alarm (each has at most one alarm open at a time). */
  points: number;
  /** Alarms in all, spread over the points. */
  alarms: number;
  /** Points in the background stream, and its batch interval. */
  loadPoints: number;
  loadIntervalMs: number;
}

export interface AlertDeliveryFigures {
  alarms: number;
  delivered: number;
  /** Alarms with no delivery within LOST_AFTER_MS. */
  lost: number;
  /** Deliveries of an event (or an idempotency key) already received, or of no alarm sent. */
  duplicates: number;
  /** Deliveries whose signature, timestamp or idempotency key did not check out. */
  badSignatures: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** How long the breach's ingest call took to answer (p50). */
  ingestAnsweredP50: number;
  loadReadings: number;
  loadPerSecond: number;
  seconds: number;
}

/** Longer than the worker's 10 s poll: a missed wake-up shows as ~10 s, not as lost. */
const LOST_AFTER_MS = 15_000;
const THRESHOLD = 240;

function phases(voltage: number) {
  const phase = { voltage, current: 10, kw: 2.2, pf: 0.95 };
  return { a: phase, b: phase, c: phase };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchAlertDelivery(
  bench: BenchDb,
  options: AlertDeliveryOptions,
): Promise<AlertDeliveryFigures> {
  const tenant = {
    slug: 'alert-bench',
    name: 'Alert bench',
    nameZh: '警報測試',
    timeZone: 'Asia/Taipei',
    email: 'admin@alert.bench',
    password: 'bench-password-28',
    meterSerial: 'ALERT-M00',
  };
  const added = await addFactory(bench.db, tenant, scryptParams(10));
  const circuit = (serial: string, name: string) =>
    insertNode(bench.db, added.factoryId, {
      type: 'circuit',
      parentId: added.meterId,
      name,
      chName: name,
      serial,
      wiring: 'a,b,c',
      frequencyHz: 60,
    });
  const alarmPoints: { id: number; serial: string }[] = [];
  for (let i = 1; i <= options.points; i++) {
    const serial = `ALERT-A${i}`;
    alarmPoints.push({ id: await circuit(serial, `Alarm point ${i}`), serial });
  }
  const loadSerials: string[] = [];
  for (let i = 1; i <= options.loadPoints; i++) {
    loadSerials.push(`ALERT-L${i}`);
    await circuit(`ALERT-L${i}`, `Load point ${i}`);
  }

  const config = parseConfig({
    DATA_DIR: MEMORY_DATA_DIR,
    SIMULATOR: 'off',
    LOG_LEVEL: 'silent',
    SCRYPT_COST: '10',
    WEB_DIST_DIR: '/nonexistent/wattboard-web-dist',
  });
  const app: FastifyInstance = await buildApp(config, { db: bench.db, logger: false });
  // Listening starts the webhook worker (under inject nothing runs by itself).
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const pending = new Map<number, { sent: number; value: number; done: (event: number) => void }>();
  const seenKeys = new Set<string>();
  const seenEvents = new Set<number>();
  const latencies: number[] = [];
  let duplicates = 0;
  let badSignatures = 0;
  let secret = '';
  const receiver = await startReceiver((delivery) => {
    const key = delivery.headers['idempotency-key'];
    let body: {
      id?: string;
      type?: string;
      event?: { id: number; value: number; node: { id: number } };
    };
    try {
      body = JSON.parse(delivery.body) as typeof body;
    } catch {
      badSignatures += 1;
      return;
    }
    const signed = isFromWattboard(secret, delivery.headers, delivery.body);
    if (!signed || typeof key !== 'string' || key !== body.id) {
      badSignatures += 1;
      return;
    }
    if (seenKeys.has(key) || !body.event || seenEvents.has(body.event.id)) {
      duplicates += 1;
      return;
    }
    seenKeys.add(key);
    seenEvents.add(body.event.id);
    const alarm = pending.get(body.event.node.id);
    if (body.type !== 'event.opened' || !alarm || alarm.value !== body.event.value) {
      duplicates += 1; // a delivery of no alarm we are waiting for
      return;
    }
    pending.delete(body.event.node.id);
    latencies.push(delivery.at - alarm.sent);
    alarm.done(body.event.id);
  });

  const post = async (path: string, body: object, token?: string, method = 'POST') => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(
        token ? { email: tenant.email, token, action: path, ...body } : { ...body, action: path },
      ),
    });
    const text = await res.text();
    const status = (JSON.parse(text) as { statusCode?: number }).statusCode;
    if (!res.ok || (status !== undefined && status !== 200 && status !== 202)) {
      throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    }
    return JSON.parse(text) as Record<string, unknown>;
  };
  const ingest = (readings: object[]) =>
    fetch(`${base}/v1/Ingest/Readings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${added.gatewayKey}`,
      },
      body: JSON.stringify({ readings }),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`ingest: HTTP ${res.status} ${await res.text()}`);
    });

  let stopLoad = false;
  let loadReadings = 0;
  let loadError: unknown = null;
  const loadDone = (async () => {
    const counters = loadSerials.map(() => 1000);
    let next = performance.now();
    try {
      while (!stopLoad) {
        const ts = new Date().toISOString();
        await ingest(
          loadSerials.map((serial, i) => {
            counters[i]! += 0.01;
            return {
              serial,
              ts,
              phases: phases(220),
              kwhForward: Number(counters[i]!.toFixed(4)),
              kwhReverse: 0,
              frequency: 60,
            };
          }),
        );
        loadReadings += loadSerials.length;
        next += options.loadIntervalMs;
        await sleep(Math.max(1, next - performance.now()));
      }
    } catch (error) {
      loadError = error;
    }
  })();

  const started = performance.now();
  const answered: number[] = [];
  let lost = 0;
  try {
    const signIn = await post('/User/SignIn', {
      email: tenant.email,
      password: tenant.password,
      token: '',
    });
    const token = signIn.token as string;
    const saved = await post(
      '/v1/Admin/Webhook/Save',
      {
        webhookId: null,
        name: 'Bench receiver',
        format: 'signed',
        url: receiver.url,
        enabled: true,
        alarms: true,
        demand: false,
      },
      token,
    );
    secret = saved.secret as string;
    for (const point of alarmPoints) {
      await post(
        '/v1/Web/Setting/Alarm/Update',
        {
          deviceId: point.id,
          alarms: [
            { target: 'voltage', isActivated: true, threshold: { low: null, high: THRESHOLD } },
          ],
        },
        token,
      );
    }

    let sequence = 0;
    const perPoint = Math.ceil(options.alarms / options.points);
    await Promise.all(
      alarmPoints.map(async (point, p) => {
        for (let round = 0; round < perPoint; round++) {
          if (p + round * options.points >= options.alarms) return;
          await sleep(50 + Math.random() * 250);
          const value = THRESHOLD + 1 + (sequence++ % 60);
          let timer: NodeJS.Timeout | undefined;
          const delivered = new Promise<number | null>((resolve) => {
            timer = setTimeout(() => resolve(null), LOST_AFTER_MS);
            pending.set(point.id, { sent: performance.now(), value, done: resolve });
          });
          const sent = performance.now();
          await ingest([
            {
              serial: point.serial,
              ts: new Date().toISOString(),
              phases: phases(value),
              kwhForward: null,
            },
          ]);
          answered.push(performance.now() - sent);
          const eventId = await delivered;
          clearTimeout(timer);
          if (eventId === null) {
            pending.delete(point.id);
            lost += 1;
            return; // its event stays open: this point opens no more
          }
          // Clear it, so the point's next breach opens a new event.
          await post(`/v1/Event/${eventId}/resolve`, {}, token, 'PUT');
        }
      }),
    );
  } finally {
    stopLoad = true;
    await loadDone;
  }
  const seconds = (performance.now() - started) / 1000;
  // Anything sent twice arrives soon after the first (or after a 2-minute lock: not waited for).
  await sleep(1000);
  await app.close();
  await receiver.close();
  if (loadError) throw loadError;
  return {
    alarms: options.alarms,
    delivered: latencies.length,
    lost,
    duplicates,
    badSignatures,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    ingestAnsweredP50: percentile(answered, 50),
    loadReadings,
    loadPerSecond: loadReadings / seconds,
    seconds,
  };
}
