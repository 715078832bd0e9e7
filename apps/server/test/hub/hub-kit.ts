import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
  type HubConnectionState,
} from '@microsoft/signalr';
import { HUB_PATH, hubServerEvents, type HubServerEvent } from '@wattboard/contract';
import type { Db } from '../../src/platform/db/db.ts';
import { hashPassword, scryptParams } from '../../src/modules/auth/password.ts';
import { signInAs } from '../helpers/test-app.ts';

/** Listens on a free port of 127.0.0.1 (or the given one) and returns the base URL. */
export async function listen(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

export interface ReceivedEvent {
  event: HubServerEvent;
  payload: unknown;
}

/** Every server event a connection receives, with a way to wait for one. */
export class EventLog {
  readonly entries: ReceivedEvent[] = [];
  #waiters: { match: (entry: ReceivedEvent) => boolean; resolve: (e: ReceivedEvent) => void }[] =
    [];

  add(entry: ReceivedEvent): void {
    this.entries.push(entry);
    this.#waiters = this.#waiters.filter((waiter) => {
      if (!waiter.match(entry)) return true;
      waiter.resolve(entry);
      return false;
    });
  }

  of(event: HubServerEvent): unknown[] {
    return this.entries.filter((entry) => entry.event === event).map((entry) => entry.payload);
  }

  /** Resolves with the first event (already received or still to come) that matches. */
  next(
    event: HubServerEvent,
    where: (payload: unknown) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<unknown> {
    const match = (entry: ReceivedEvent) => entry.event === event && where(entry.payload);
    const seen = this.entries.find(match);
    if (seen) return Promise.resolve(seen.payload);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${event} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.#waiters.push({
        match,
        resolve: (entry) => {
          clearTimeout(timer);
          resolve(entry.payload);
        },
      });
    });
  }

  clear(): void {
    this.entries.length = 0;
  }
}

export interface TestHubClient {
  connection: HubConnection;
  events: EventLog;
}

/** The official client, WebSockets only, with every server event recorded. */
export function hubClient(
  baseUrl: string,
  token: string | null,
  reconnectDelays?: number[],
): TestHubClient {
  let builder = new HubConnectionBuilder()
    .withUrl(`${baseUrl}${HUB_PATH}`, {
      transport: HttpTransportType.WebSockets,
      ...(token === null ? {} : { accessTokenFactory: () => token }),
    })
    .configureLogging(LogLevel.None);
  if (reconnectDelays) builder = builder.withAutomaticReconnect(reconnectDelays);
  const connection = builder.build();
  const events = new EventLog();
  for (const event of Object.keys(hubServerEvents) as HubServerEvent[]) {
    connection.on(event, (payload: unknown) => events.add({ event, payload }));
  }
  return { connection, events };
}

/** Starts a client and waits for its initial list. */
export async function connectedClient(baseUrl: string, token: string): Promise<TestHubClient> {
  const client = hubClient(baseUrl, token);
  await client.connection.start();
  await client.events.next('NotificationReceived');
  return client;
}

/** Resolves when the connection reaches the state. */
export function reachState(
  connection: HubConnection,
  state: HubConnectionState,
  timeoutMs = 20_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      if (connection.state === state) return resolve();
      if (Date.now() - started > timeoutMs) {
        return reject(new Error(`still ${connection.state}, expected ${state}`));
      }
      setTimeout(check, 20);
    };
    check();
  });
}

export async function stopAll(clients: readonly TestHubClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.connection.stop()));
}

const OTHER_PASSWORD = 'other-factory-password';

/** A second tenant with one meter and one user; returns its ids and the user's token. */
export async function addFactoryWithUser(
  db: Db,
  app: FastifyInstance,
  slug: string,
): Promise<{ factoryId: number; meterId: number; token: string }> {
  const factoryId = (
    await db.query<{ id: number }>(
      `INSERT INTO factories (slug, name, name_zh) VALUES ($1, $2, $3) RETURNING id`,
      [slug, `Factory ${slug}`, `工廠 ${slug}`],
    )
  )[0]!.id;
  const meterId = (
    await db.query<{ id: number }>(
      `INSERT INTO nodes (factory_id, type, ch_name, name, wiring, serial)
       VALUES ($1, 'smartMeter', '電表', 'Meter', 'a,b,c', $2) RETURNING id`,
      [factoryId, `${slug.toUpperCase()}-M01`],
    )
  )[0]!.id;
  const email = `${slug}@other.example`;
  await db.query(
    `INSERT INTO users (factory_id, email, username, password_hash) VALUES ($1, $2, $3, $4)`,
    [factoryId, email, slug, await hashPassword(OTHER_PASSWORD, scryptParams(10))],
  );
  const { token } = await signInAs(app, { email, password: OTHER_PASSWORD });
  return { factoryId, meterId, token };
}

/** The demo factory's id and the id of a node by serial. */
export async function demoIds(
  db: Db,
  serial: string,
): Promise<{ factoryId: number; nodeId: number }> {
  const rows = await db.query<{ factory_id: number; id: number }>(
    `SELECT n.factory_id, n.id FROM nodes n JOIN factories f ON f.id = n.factory_id
      WHERE f.slug = 'demo' AND n.serial = $1`,
    [serial],
  );
  if (!rows[0]) throw new Error(`no demo node ${serial}`);
  return { factoryId: rows[0].factory_id, nodeId: rows[0].id };
}
